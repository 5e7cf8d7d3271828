// The deep-link format, the twin of alsos_solver/board/links.py (a test checks they agree):
//   BASE#d=<deal>&p=<play>&q=<question>
// <deal>: the deal's text, UTF-8, base64url without padding; <play>: the card names joined
// by "."; <question>: the spec percent-encoded as Python's urllib.parse.quote(spec, safe="").
// p and q are left out when empty. The fragment: the server never sees it.

function base64urlEncode(text) {
  let binary = "";
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function base64urlDecode(data) {
  const padded = data.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (data.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
}

/** urllib.parse.quote(text, safe=""): all but letters, digits and _.-~ percent-encoded. */
export function quote(text) {
  return encodeURIComponent(text).replace(/[!'()*]/g, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());
}

/** The link to a position: BASE#d=...&p=...&q=... */
export function link(base, dealText, play = [], question = "") {
  const parts = [`d=${base64urlEncode(dealText)}`];
  if (play.length) parts.push(`p=${play.join(".")}`);
  if (question) parts.push(`q=${quote(question)}`);
  return `${base.split("#")[0]}#${parts.join("&")}`;
}

export class LinkError extends Error {}

/**
 * A link (or its fragment, with or without the "#") read back: {deal, play, question}, or
 * null when it holds no deal. LinkError for a deal that is not base64url UTF-8.
 */
export function parseLink(url) {
  const hash = url.includes("#") ? url.slice(url.indexOf("#") + 1) : url;
  const fields = new Map();
  for (const part of hash.split("&")) {
    const eq = part.indexOf("=");
    if (eq > 0) fields.set(part.slice(0, eq), part.slice(eq + 1));
  }
  if (!fields.has("d")) return null;
  let deal;
  try {
    deal = base64urlDecode(fields.get("d"));
  } catch (error) {
    throw new LinkError(`the link's deal is not base64url UTF-8 text (${error.message})`);
  }
  const play = (fields.get("p") || "").split(".").filter(Boolean);
  let question = "";
  try {
    question = decodeURIComponent(fields.get("q") || "");
  } catch {
    throw new LinkError("the link's question is not percent-encoded UTF-8");
  }
  return { deal, play, question };
}
