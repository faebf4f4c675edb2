import { checkTenants, formatProblems } from './index.ts';

const { tenants, problems } = checkTenants();
if (problems.length > 0) {
  console.error(formatProblems(problems));
  process.exit(1);
}
console.log(`${tenants.length} tenants OK: ${tenants.map((t) => t.slug).join(', ')}`);
