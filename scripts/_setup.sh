# Shared by scripts/serve and scripts/test: install what is missing, quietly when nothing is.
# Sourced, not run. Expects to be in the repository root.

PY="${PYTHON:-python3}"

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else
    echo "need root for: $*" >&2; return 1; fi
}

apt_updated=
apt_install() {
  echo "installing Debian packages: $*"
  if [ -z "$apt_updated" ]; then as_root apt-get update -qq && apt_updated=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

ensure_node() {
  if ! command -v npm >/dev/null 2>&1; then apt_install nodejs npm; fi
}

ensure_chromium() {
  if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then apt_install chromium; fi
}

# The smoke set's other engines (e2e/test_engines.py), Debian's own builds: WebKitGTK's
# MiniBrowser with its WebDriver (under Xvfb: it has no headless mode) and Firefox ESR (driven
# over WebDriver BiDi: no geckodriver).
ensure_other_engines() {
  local missing=()
  [ -x /usr/bin/WebKitWebDriver ] || missing+=(webkit2gtk-driver)
  command -v Xvfb >/dev/null || missing+=(xvfb)
  [ -x "${FIREFOX:-/usr/bin/firefox-esr}" ] || missing+=(firefox-esr)
  if [ ${#missing[@]} -gt 0 ]; then apt_install "${missing[@]}"; fi
}

# pip install scripts/requirements-test.txt unless every pin is already satisfied
ensure_python_deps() {
  if ! "$PY" - scripts/requirements-test.txt <<'PYCHECK' 2>/dev/null; then
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, _, want = line.partition("==")
        if version(name) != want:
            sys.exit(1)
PYCHECK
    echo "pip install -r scripts/requirements-test.txt"
    "$PY" -m pip install -q --disable-pip-version-check -r scripts/requirements-test.txt
  fi
}

# The build describes the games for the lobby with this machine's CPython (the engine needs
# msgspec): install the pinned msgspec when it is missing.
ensure_build_deps() {
  if ! "$PY" -c "import msgspec" 2>/dev/null; then
    local pin
    pin=$(grep -E '^msgspec==' scripts/requirements-test.txt)
    echo "pip install $pin"
    "$PY" -m pip install -q --disable-pip-version-check "$pin"
  fi
}
