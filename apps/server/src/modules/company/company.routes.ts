import {
  getCompanyCall,
  getCompanyStatusCall,
  staffCompaniesCall,
  staffCompanyLogoCall,
  staffSaveCompanyCall,
} from '@meridian/contracts';
import type { FastifyInstance } from 'fastify';
import { registerCall } from '../../http/register-call.ts';
import { registerStaffCall } from '../staff/register-staff-call.ts';
import { readUploadedFile } from '../uploads/image-upload.ts';
import type { CompanyDeps } from './company-deps.ts';
import { getCompanyStatus } from './operations/get-company-status.ts';
import { listStaffCompanies } from './operations/list-staff-companies.ts';
import { saveCompany } from './operations/save-company.ts';
import { searchCompanies } from './operations/search-companies.ts';
import { uploadCompanyLogo } from './operations/upload-company-logo.ts';

/** Public company calls (spec §7) and the content role's directory under the staff API (DESIGN §10). */
export function companyRoutes(app: FastifyInstance, deps: CompanyDeps) {
  registerCall(app, getCompanyCall, ({ query }) => searchCompanies(deps, { name: query.name }));
  registerCall(app, getCompanyStatusCall, ({ query, req }) =>
    getCompanyStatus(deps, { id: query.id, cookieHeader: req.headers.cookie }),
  );

  registerStaffCall(app, deps, staffCompaniesCall, ({ query }) => listStaffCompanies(deps, query));
  registerStaffCall(app, deps, staffSaveCompanyCall, (ctx) => saveCompany(deps, ctx));
  registerStaffCall(app, deps, staffCompanyLogoCall, ({ req }) =>
    uploadCompanyLogo(deps, { readFile: () => readUploadedFile(req) }),
  );
}
