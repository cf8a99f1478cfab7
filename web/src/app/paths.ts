/** Every route of the spec's route table in one place; links and redirects use these, never literals. */
export const paths = {
  home: '/',
  signin: '/signin',
  signup: '/signup',
  onboarding: '/onboarding',
  terms: '/terms',
  privacy: '/privacy',
  verifyEmail: (id: string, token: string) =>
    `/verifyEmail/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
  profile: '/profile',
  quiz: '/quiz',
  match: '/match',
  waitlist: '/waitlist',
  premium: '/premium',
  settings: '/settings',
  connections: '/connections',
  connection: (id: string) => `/connections/${encodeURIComponent(id)}`,
  chooseName: '/welcome',
  forgotPassword: '/forgotPassword',
  resetPassword: (id: string, token: string) =>
    `/resetPassword/${encodeURIComponent(id)}/${encodeURIComponent(token)}`,
} as const;
