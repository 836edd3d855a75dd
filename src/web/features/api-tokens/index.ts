export { ApiTokensList } from './components/api-tokens-list';
export { CreateApiTokenDialog } from './components/create-api-token-dialog';
