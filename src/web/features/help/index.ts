export { HelpContents } from './components/help-contents';
export { HelpFaq } from './components/help-faq';
export { HelpSection } from './components/help-section';
export { ADMIN_TOPICS } from './components/help-topics-admin';
export { CLAIM_TOPICS } from './components/help-topics-claims';
export { DRIVER_TOPICS } from './components/help-topics-drivers';
