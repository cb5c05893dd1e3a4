/** The settings page's own texts (the spec names the sections and 'Save Settings', not the toasts). */
export const settingsTexts = {
  title: 'Settings',
  description: 'Manage your subscription, profile, preferences and notifications.',
  save: 'Save Settings',
  saving: 'Saving...',
  saved: 'Settings saved',
  savedText: 'Your preferences are stored on your account and follow you to every device.',
  saveFailed: 'Settings not saved',
  loadFailed: 'Your settings could not be loaded',
  unsaved: 'You have unsaved changes.',
  upToDate: 'All changes saved.',
} as const;
