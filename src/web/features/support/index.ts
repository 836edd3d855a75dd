export { BugReportForm } from './components/bug-report-form';
export { BugReports } from './components/bug-reports';
export { ContactForm } from './components/contact-form';
export { ContactSubmissions } from './components/contact-submissions';
