export { CreateWebhookDialog } from './components/create-webhook-dialog';
export { WebhooksList } from './components/webhooks-list';
