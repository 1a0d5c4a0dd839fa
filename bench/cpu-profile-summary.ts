// Summarises a V8 .cpuprofile (node --cpu-prof): the functions with the most self time and the most
// inclusive time, optionally only over a window of the profile (seconds from its start), so a load
// run can be read without the process's start-up.
//
// Run: npx tsx bench/cpu-profile-summary.ts <file.cpuprofile> [fromSeconds] [toSeconds] [top]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [file, fromArgument, toArgument, topArgument] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpu-profile-summary <file.cpuprofile> [fromSeconds] [toSeconds] [top]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const from = Number(fromArgument ?? 0) * 1e6;
const to = toArgument ? Number(toArgument) * 1e6 : Number.POSITIVE_INFINITY;
const top = Number(topArgument ?? 30);

const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Where a function lives, shortened to the package (or the repository's own path). */
function where(url: string, line: number): string {
  if (!url) return '';
  const modules = url.lastIndexOf('/node_modules/');
  const path = modules >= 0 ? url.slice(modules + '/node_modules/'.length) : url.replace(/^.*\/work\/main\//, '');
  return `${path}:${line + 1}`;
}
const label = (node: ProfileNode) =>
  `${node.callFrame.functionName || '(anonymous)'} ${where(node.callFrame.url, node.callFrame.lineNumber)}`.trim();

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
const packages = new Map<string, number>();
let elapsed = 0;
let counted = 0;
let idle = 0;
for (let index = 0; index < profile.samples.length; index++) {
  elapsed += profile.timeDeltas[index] ?? 0;
  if (elapsed < from || elapsed > to) continue;
  const sampleId = profile.samples[index];
  const leaf = sampleId === undefined ? undefined : byId.get(sampleId);
  if (!leaf) continue;
  counted++;
  if (leaf.callFrame.functionName === '(idle)') {
    idle++;
    continue;
  }
  const leafLabel = label(leaf);
  self.set(leafLabel, (self.get(leafLabel) ?? 0) + 1);
  const url = leaf.callFrame.url;
  const modules = url.lastIndexOf('/node_modules/');
  const owner =
    modules >= 0
      ? (/^(@[^/]+\/[^/]+|[^/]+)/.exec(url.slice(modules + '/node_modules/'.length))?.[1] ?? '?')
      : url.startsWith('node:')
        ? 'node core'
        : url
          ? 'colophon'
          : leaf.callFrame.functionName;
  packages.set(owner, (packages.get(owner) ?? 0) + 1);
  // Each function once per sample, however deep it recurses.
  const seen = new Set<string>();
  for (let node: ProfileNode | undefined = leaf; node; node = byId.get(parentOf.get(node.id) ?? -1)) {
    const nodeLabel = label(node);
    if (seen.has(nodeLabel)) continue;
    seen.add(nodeLabel);
    inclusive.set(nodeLabel, (inclusive.get(nodeLabel) ?? 0) + 1);
  }
}

const busy = counted - idle;
const percent = (n: number) => `${((100 * n) / Math.max(busy, 1)).toFixed(1).padStart(5)} %`;
const print = (title: string, table: Map<string, number>) => {
  console.log(`\n${title}`);
  for (const [name, n] of [...table].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${percent(n)}  ${name}`);
};
console.log(
  `${file}: ${counted} samples in the window, ${idle} idle (${((100 * idle) / Math.max(counted, 1)).toFixed(1)} %); shares below are of the ${busy} busy samples`,
);
print('self time by package', packages);
print('self time', self);
print('inclusive time', inclusive);
