// Component tests outside app/ mount their subject inside the app's real providers; src/testing is
// the one place below app/ allowed to reach up for them (decision 023).
export { AppProviders } from '../app/providers';
