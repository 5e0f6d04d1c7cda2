// What the page hands the engine from outside (a chosen file, an autosave read back from
// storage) is checked here first. Python's JSON parser recurses once per nesting level, and a
// few hundred kB of "[" exhaust Pyodide's stack ("Pyodide has suffered a fatal error": the
// whole page dies); a huge file freezes the tab while it is decoded. A real save is tens of kB
// nested about six levels, so these limits only stop crafted or foreign files. They are the
// engine's own (bridge `version`: limits), which checks again; these defaults are the same.

let MAX_SAVE_BYTES = 2_000_000; // UTF-8 bytes
let MAX_SAVE_DEPTH = 32;

/** Take the engine's limits (`version().limits`: save_bytes, json_depth). */
export function useLimits(limits) {
  if (Number.isInteger(limits?.save_bytes) && limits.save_bytes > 0) MAX_SAVE_BYTES = limits.save_bytes;
  if (Number.isInteger(limits?.json_depth) && limits.json_depth > 0) MAX_SAVE_DEPTH = limits.json_depth;
}

/** Why `text` may not go to the engine, as {code, params}, or null when it may. */
export function refuseText(text) {
  if (typeof text !== "string") return { code: "ui.error.file_not_text", params: {} };
  // UTF-8 takes at least a byte per UTF-16 unit: a long string is refused before encoding it
  if (text.length > MAX_SAVE_BYTES) return tooLarge(text.length);
  const bytes = new TextEncoder().encode(text).length;
  if (bytes > MAX_SAVE_BYTES) return tooLarge(bytes);
  const depth = nesting(text, MAX_SAVE_DEPTH);
  if (depth > MAX_SAVE_DEPTH) return { code: "ui.error.file_too_deep", params: { limit: MAX_SAVE_DEPTH } };
  return null;
}

/** Why a file of `size` bytes may not be read, or null (checked before reading it at all). */
export function refuseSize(size) {
  return size > MAX_SAVE_BYTES ? tooLarge(size) : null;
}

function tooLarge(size) {
  return { code: "ui.error.file_too_large", params: { size: mb(size), limit: mb(MAX_SAVE_BYTES) } };
}

const mb = (n) => (n / 1e6).toFixed(1);

/** The deepest bracket nesting of JSON-like text, outside strings; stops counting past `stop`. */
export function nesting(text, stop = Infinity) {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92)
        i++; // backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) {
      inString = true;
    } else if (c === 91 || c === 123) {
      // [ {
      if (++depth > deepest && (deepest = depth) > stop) return deepest;
    } else if (c === 93 || c === 125) {
      // ] }
      depth--;
    }
  }
  return deepest;
}
