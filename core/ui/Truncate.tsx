import { useTheme } from '@emotion/react';
import { focusRing } from './focusRing';
import { Tooltip, type Placement } from './Tooltip';

/** Props of Truncate: the text and how many characters show before the ellipsis. */
export interface TruncateProps {
  text: string;
  /** Characters shown before the ellipsis (spec default 25). */
  max?: number;
  placement?: Placement;
}

/**
 * Cuts long text at `max` characters with an ellipsis and shows the full text in
 * a tooltip. Characters are counted as code points so an emoji or a character
 * outside the BMP is never cut in half. Only the truncated form is focusable:
 * keyboard users need focus to reach the full text, plain text needs none. The text takes its own
 * direction (`dir="auto"`): an address in an Arabic table keeps its ellipsis after its last letter.
 */
export function Truncate({ text, max = 25, placement = 'top' }: TruncateProps) {
  const theme = useTheme();
  const chars = Array.from(text);
  if (chars.length <= max) return <span dir="auto">{text}</span>;
  return (
    <Tooltip content={text} placement={placement}>
      <span dir="auto" tabIndex={0} css={focusRing(theme)}>
        {chars.slice(0, max).join('')}…
      </span>
    </Tooltip>
  );
}
