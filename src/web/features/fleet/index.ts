export { Companies } from './components/companies';
export { CompanyFormDialog } from './components/company-form-dialog';
export { LocationFormDialog } from './components/location-form-dialog';
export { Locations } from './components/locations';
export { RepairFacilities } from './components/repair-facilities';
export { RepairFacilityFormDialog } from './components/repair-facility-form-dialog';
export { useFleetListFilter } from './hooks/use-fleet-list-filter';
