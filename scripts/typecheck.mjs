// Type-checks every workspace with its own tsconfig (the web app has the DOM, the server does not).
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const projects = [
  'packages/domain',
  'packages/contract',
  'packages/db',
  'apps/api',
  'apps/roster',
  'apps/web',
  'e2e',
  'bench',
];
let failed = false;
for (const project of projects) {
  if (!existsSync(`${project}/tsconfig.json`)) continue;
  try {
    execFileSync('npx', ['tsc', '-p', project], { stdio: 'inherit' });
  } catch {
    failed = true;
  }
}
if (failed) process.exit(1);
console.log(`typecheck: ${projects.length} projects clean`);
