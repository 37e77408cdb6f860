import { Redirect } from 'wouter';

/** The app variant's entry (and where narrow company pages fall back to): the account pages. */
export default function AppEntry() {
  return <Redirect to="~/accountSetting" replace />;
}
