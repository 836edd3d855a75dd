// Kept for screens not yet importing the data-list kit directly (the claim board, the dashboard).
export { ListEmpty, ListLoadError } from './data-list/list-states';
