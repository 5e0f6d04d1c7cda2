// Browser storage: the language, the lobby's last setup and the autosaved table.
// Storage may be unavailable (private modes, quotas): every access degrades to "nothing kept".

const PREFIX = "marquee:";

export function load(key, fallback = null) {
  try {
    const raw = localStorage.getItem(PREFIX + key);
    return raw === null ? fallback : JSON.parse(raw);
  } catch {
    return fallback;
  }
}

export function save(key, value) {
  try {
    localStorage.setItem(PREFIX + key, JSON.stringify(value));
    return true;
  } catch {
    return false;
  }
}

export function remove(key) {
  try {
    localStorage.removeItem(PREFIX + key);
  } catch {
    /* nothing kept anyway */
  }
}
