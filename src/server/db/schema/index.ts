export * from './audit.js';
export * from './companies.js';
export * from './mail.js';
export * from './notifications.js';
export * from './sessions.js';
export * from './settings.js';
export * from './users.js';
export * from './support.js';
