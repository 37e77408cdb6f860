import { Fragment, type ReactNode } from 'react';
import { withoutIsolation } from '../i18n/bidi';

/** A part up to this long stays whole; a longer one may break where it must. */
const KEEP_WHOLE = 24;

/**
 * An email address as text that wraps at sensible points: a break opportunity (`<wbr>`) after the @
 * and before each dot, so "member@example.com" wraps as "member@" / "example.com", never
 * "member@exa" / "mple.com" or "partner-" / "example.com". Put it in a box with `overflow-wrap: anywhere` for the last resort (one
 * part longer than the line). Isolated (`<bdi>`): in a right-to-left page it reads left to right and
 * leaves the punctuation around it alone. The text a person copies is the address itself.
 */
export function EmailAddress({ value }: { value: string }) {
  const parts = value.split(/(?<=@)|(?=\.)/);
  return (
    <bdi>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {/* A part is not broken after its hyphens ("partner-" / "example"); one longer than a line may be, as the last resort. */}
          {part.includes('-') && part.length <= KEEP_WHOLE ? <span css={{ whiteSpace: 'nowrap' }}>{part}</span> : part}
        </Fragment>
      ))}
    </bdi>
  );
}

/** The box of an address (or another long value) that must wrap: at its own break points first, anywhere only when one part is longer than the line. */
export const longValueCss = { overflowWrap: 'anywhere', wordBreak: 'normal' } as const;

/** Stands in for the address in a translated sentence (`t(key, { email: ADDRESS_MARK })`): a private-use character no text has. */
export const ADDRESS_MARK = '\uE000';

/**
 * A translated sentence made with `{ email: ADDRESS_MARK }`, drawn with the address as an
 * EmailAddress (its break points and isolation) where the sentence put it. Its box wants
 * `longValueCss` for an address longer than a line.
 */
export function withEmailAddress(sentence: string, email: string): ReactNode {
  const [before, after = ''] = withoutIsolation(sentence).split(ADDRESS_MARK);
  return (
    <>
      {before}
      <EmailAddress value={email} />
      {after}
    </>
  );
}
