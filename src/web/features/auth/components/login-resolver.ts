import { zodResolver } from '@hookform/resolvers/zod';
import { loginRequestSchema } from '@shared/auth';

/** The login form's validation: the server's own schema. A chunk of its own (see `LoginForm`). */
export const loginResolver = zodResolver(loginRequestSchema);
