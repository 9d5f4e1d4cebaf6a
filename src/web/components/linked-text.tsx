import { Anchor, Text } from '@mantine/core';
import { splitLinks } from '../lib/links';

/** Plain text with its http(s) links made clickable; never rendered as HTML. */
export function LinkedText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {splitLinks(text).map((part, index) =>
        part.kind === 'link' ? (
          <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" underline="always">
            {part.text}
          </Anchor>
        ) : (
          part.text
        ),
      )}
    </Text>
  );
}

/**
 * An event's or post's link: an http(s) address opens as an anchor in a new tab, a path of this site
 * (a pool page) as a plain anchor; anything else (javascript:, data:) is not a link at all.
 */
export function EventLink({ link, label }: { link: string; label: string }) {
  const [first] = splitLinks(link.trim());
  if (first?.kind === 'link' && first.href === link.trim()) {
    return (
      <Anchor href={first.href} target="_blank" rel="noopener noreferrer" size="sm" underline="always">
        {label}
      </Anchor>
    );
  }
  if (/^\/(?!\/)[^\s]*$/.test(link)) {
    return (
      <Anchor href={link} size="sm" underline="always">
        {label}
      </Anchor>
    );
  }
  return null;
}
