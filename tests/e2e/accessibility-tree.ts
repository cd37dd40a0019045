import type { Page } from "@playwright/test";

/**
 * Whether the control with this role and accessible name is expanded, as Chromium's accessibility tree
 * tells a screen reader (read through the DevTools protocol): the browser's own state, such as a
 * `popovertarget` button's, not an attribute in the markup (Playwright's `expanded` option and aria
 * snapshots read only aria-expanded). `undefined` when the control has no expanded state. Throws unless
 * exactly one such control is exposed.
 */
export async function expandedInAccessibilityTree(
  page: Page,
  role: string,
  name: string,
): Promise<boolean | undefined> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: 0 });
    const { nodes } = await cdp.send("Accessibility.queryAXTree", { nodeId: root.nodeId, role, accessibleName: name });
    const exposed = nodes.filter((node) => !node.ignored);
    if (exposed.length !== 1)
      throw new Error(
        `${exposed.length} controls with role ${role} and name "${name}" in the accessibility tree, expected 1`,
      );
    const expanded = exposed[0]!.properties?.find((property) => property.name === "expanded");
    return expanded === undefined ? undefined : Boolean(expanded.value.value);
  } finally {
    await cdp.detach();
  }
}
