#!/usr/bin/env bash
# Runs a command with Node 22 LTS first on PATH:
#
#   bash scripts/with-node.sh npm run serve
#   eval "$(bash scripts/with-node.sh --export-path)"   # the same PATH for the rest of a script
#
# When the machine's `node` is older than 22 (Debian 12 ships 18, many images 20), the official Node
# binary is installed once from the npm registry's `node-linux-<arch>` package into `.tools/`, the same
# registry `npm install` already uses, so nothing else has to be reachable. npm itself then runs on it
# too (its shebang is `env node`).
set -euo pipefail

NODE_MAJOR=22
NODE_VERSION=22.23.3
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

current_major() {
  if command -v node >/dev/null 2>&1; then node -p 'process.versions.node.split(".")[0]'; else echo 0; fi
}

if [ "$(current_major)" -lt "$NODE_MAJOR" ]; then
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) echo "with-node: no Node ${NODE_MAJOR} package for $(uname -m); install Node ${NODE_MAJOR} yourself" >&2; exit 1 ;;
  esac
  prefix="${root}/.tools/node-${NODE_VERSION}"
  bin="${prefix}/node_modules/node-linux-${arch}/bin"
  if [ ! -x "${bin}/node" ]; then
    echo "with-node: installing Node ${NODE_VERSION} (node-linux-${arch} from the npm registry) into .tools/" >&2
    mkdir -p "$prefix"
    npm install --prefix "$prefix" --no-save --no-package-lock --no-audit --no-fund --loglevel=error \
      "node-linux-${arch}@${NODE_VERSION}" </dev/null >&2
  fi
  export PATH="${bin}:${PATH}"
  # A native addon built from source (node-gyp) must see this Node's headers, which the package ships,
  # not those of the machine's older Node that a global npmrc may name (npm warns it does not know
  # `nodedir`; node-gyp still reads it).
  export npm_config_nodedir="${bin%/bin}"
fi

if [ "${1:-}" = "--export-path" ]; then
  printf 'export PATH=%q\n' "$PATH"
  if [ -n "${npm_config_nodedir:-}" ]; then printf 'export npm_config_nodedir=%q\n' "$npm_config_nodedir"; fi
  exit 0
fi
exec "$@"
