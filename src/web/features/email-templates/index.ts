export { EmailTemplateEditorScreen } from './components/email-template-editor-screen';
export { EmailTemplatesList } from './components/email-templates-list';
