export { dashboardKeys } from '../../dashboard/api/get-dashboard';
