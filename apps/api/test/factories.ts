// Kept for branches in flight that still import createUser from here; new tests import factories/*.
export { newUser as createUser } from './factories/users.js';
