// The page's two DOM helpers, shared by its modules.

/** The first element the selector finds. */
export const $ = (selector) => document.querySelector(selector);

/** A new element: attributes (class, text, and the others as given; null, undefined and
 * false left out, true as an empty attribute), then its children (null and undefined left
 * out). */
export function element(tag, attributes = {}, ...children) {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (name === "class") node.className = value;
    else if (name === "text") node.textContent = value;
    else node.setAttribute(name, value === true ? "" : value);
  }
  node.append(...children.filter((child) => child !== null && child !== undefined));
  return node;
}
