export { CreateUserDialog } from './components/create-user-dialog';
export { UserManagement } from './components/user-management';
