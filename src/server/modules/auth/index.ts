// The door of the auth module: what other modules and the app may use; every other file here is its own.
// Kept by scripts/module-doors.mjs (docs/architecture.md, "Module doors").
export { authRoutes } from './auth.routes.js';
export { presentCurrentUser, presentPerson } from './current-user.presenter.js';
export { googleRoutes } from './google.routes.js';
export { passwordResetRoutes } from './password-reset.routes.js';
export { sendPasswordResetMail, sendWelcomeMail } from './password-reset.service.js';
export { LOGIN_FAILURES_PER_ADDRESS, LOGIN_FAILURES_PER_USERNAME } from './password-throttle.js';
export { hashPassword } from './password.js';
export {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  deleteUserSessions,
  findSession,
  hashToken,
  prepareFindSession,
  touchSession,
} from './session.service.js';
export type { ResolvedSession, UserRow } from './session.service.js';
