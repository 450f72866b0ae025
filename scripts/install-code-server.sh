#!/usr/bin/env bash
# Installs code-server (VS Code in the browser) offline into .cache/code-server/ for the
# end-to-end tests and the UI demo. Reuses an existing install. Only the npm registry is
# needed: the steps below avoid every download from elsewhere. Building it takes the Debian
# packages scripts/setup.mjs installs (its `code-server` need: compilers, pkg-config, the
# Kerberos headers, ripgrep); `node scripts/setup.mjs ui` installs them and then runs this.
set -euo pipefail

VERSION=4.99.4 # the last code-server line that runs on Node 20
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="${CODE_SERVER_DIR:-$ROOT/.cache/code-server}"
BIN="$DEST/node_modules/.bin/code-server"

if [[ -x "$BIN" ]] && "$BIN" --version 2>/dev/null | grep -q "^$VERSION "; then
  echo "code-server $VERSION already installed in $DEST"
  exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache already holds
# the archive; Debian's rg packed under the expected name is used as is.
export TMPDIR="$WORK"
RG_CACHE="$WORK/vscode-ripgrep-cache-1.15.11"
mkdir -p "$RG_CACHE"
tar -czf "$RG_CACHE/ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz" -C /usr/bin rg

# node-pty's postinstall runs `npx node-gyp` (npx must not prompt); node-gyp must take the
# Node headers from the system instead of downloading them; code-server writes its config
# under XDG_CONFIG_HOME during install.
export npm_config_yes=true
export npm_config_nodedir=/usr
# code-server's postinstall refuses to run as root unless this is set; npm 11 no longer sets
# it from --unsafe-perm, so it is passed as the environment variable the script reads.
export npm_config_unsafe_perm=true
export XDG_CONFIG_HOME="$WORK/config"

# A folder of its own with its own package.json, so npm does not touch the project's.
rm -rf "$DEST"
mkdir -p "$DEST"
echo '{"name":"code-server-cache","private":true}' >"$DEST/package.json"
echo "installing code-server $VERSION into $DEST (takes a few minutes)"
(cd "$DEST" && npm install --no-audit --no-fund --no-save "code-server@$VERSION")
"$BIN" --version
