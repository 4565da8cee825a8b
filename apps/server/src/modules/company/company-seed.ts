import { COMPANY_STATUS } from '@meridian/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import { countCompanies } from './company.repository.ts';
import { COMPANY_SEED_LOGOS, seedLogoUrl } from './company-seed-logos.ts';

/**
 * Example companies for a fresh install's directory (issue 29): fictional, on example.com, so the
 * /product search has something to find. A broker replaces them (or suspends them) in the back office.
 */
export const COMPANY_SEEDS = [
  {
    name: 'Harbourline Capital (example)',
    logo: seedLogoUrl(COMPANY_SEED_LOGOS.harbourline),
    url: 'https://harbourline.example.com/',
    subject: 'Harbourline Holdings Limited',
    registeredAddress: 'Unit 1201, 88 Example Road, Central, Hong Kong',
    location: '15/F, Harbour View Tower, 3 Sample Street, Wan Chai, Hong Kong',
    email: 'desk@harbourline.example.com',
  },
  {
    name: 'Northgate Markets (example)',
    logo: seedLogoUrl(COMPANY_SEED_LOGOS.northgate),
    url: 'https://northgate.example.com/',
    subject: 'Northgate Group plc',
    registeredAddress: '1 Placeholder Lane, London EC2A 4XX, United Kingdom',
    location: '40 Illustration Street, Canary Wharf, London E14 5XX, United Kingdom',
    email: 'support@northgate.example.com',
  },
  {
    name: 'Lumen Trading Academy (example)',
    logo: seedLogoUrl(COMPANY_SEED_LOGOS.lumen),
    url: 'https://lumen-academy.example.com/',
    subject: 'Lumen Education Pte. Ltd.',
    registeredAddress: '10 Sample Quay, #08-01, Singapore 049000',
    location: '10 Sample Quay, #08-01, Singapore 049000',
    email: 'hello@lumen-academy.example.com',
  },
  {
    name: 'Atlas Bridge Securities (example)',
    logo: seedLogoUrl(COMPANY_SEED_LOGOS.atlasBridge),
    url: 'https://atlasbridge.example.com/',
    subject: 'Atlas Bridge Financial Group Ltd',
    registeredAddress: 'Suite 5, Demo Business Centre, Port Louis, Mauritius',
    location: '22/F, Example Plaza, 100 Test Avenue, Kowloon, Hong Kong',
    email: 'service@atlasbridge.example.com',
  },
];

/** Fills the directory on a first start (the table is empty): one insert in the caller's transaction. */
export async function seedCompaniesIfEmpty(tx: DbOrTx, nowMs: number): Promise<void> {
  if ((await countCompanies(tx)) > 0) return;
  const now = new Date(nowMs);
  await tx
    .insert(companies)
    .values(
      COMPANY_SEEDS.map((c) => ({ ...c, status: COMPANY_STATUS.ACTIVE, createdAt: now, updatedAt: now })),
    );
}
