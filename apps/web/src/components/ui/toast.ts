/** The app's one toast API (sonner); the <Toaster> that shows them lives in the app providers. */
export { toast } from 'sonner';
