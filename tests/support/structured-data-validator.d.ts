/** @adobe/structured-data-validator ships JavaScript only: the part tests/support/structured-data.ts uses. */
declare module "@adobe/structured-data-validator" {
  export default class Validator {
    constructor(schemaOrgJson?: object);
    debug: boolean;
    validate(data: { jsonld?: object; microdata?: object; rdfa?: object; errors?: object[] }): Promise<object[]>;
  }
}
