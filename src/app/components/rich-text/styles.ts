/**
 * Typesetting of rich text, in the editor and read-only: calm spacing, headings on the app's scale,
 * brand-coloured links, quotes with a rule. Written against the tags (and Lexical's theme classes)
 * so that the editor and the reading view look alike.
 */
import type { SystemStyleObject } from '@chakra-ui/react';

export function richTextStyles(size: 'sm' | 'md'): SystemStyleObject {
  const md = size === 'md';
  return {
    '& .rt-content': {
      outline: 'none',
      fontSize: md ? 'md' : 'sm',
      lineHeight: md ? '1.8' : '1.7',
      color: 'fg',
      wordBreak: 'break-word',
      px: '0',
      py: '0',
    },
    '& .rt-content[contenteditable="true"]': { px: '3', py: '2.5', minH: 'inherit' },
    '& .rt-placeholder': {
      position: 'absolute',
      top: '2.5',
      left: '3',
      color: 'fg.muted', // readable: 4.5:1 on the editor's background (axe)
      fontSize: md ? 'md' : 'sm',
      pointerEvents: 'none',
      userSelect: 'none',
    },
    '& .rt-content > * + *': { mt: md ? '3' : '2' },
    '& .rt-content h1, & .rt-content h2, & .rt-content h3, & .rt-content h4': {
      fontWeight: 'semibold',
      lineHeight: '1.35',
      color: 'fg',
    },
    '& .rt-content h1': { fontSize: md ? '2xl' : 'xl', mt: md ? '6' : '3' },
    '& .rt-content h2': { fontSize: md ? 'xl' : 'lg', mt: md ? '6' : '3' },
    '& .rt-content h3': { fontSize: md ? 'lg' : 'md', mt: md ? '5' : '2.5' },
    '& .rt-content h4, & .rt-content h5, & .rt-content h6': { fontSize: md ? 'md' : 'sm', mt: '3' },
    '& .rt-content > :first-child': { mt: '0' },
    '& .rt-content strong, & .rt-content b, & .rt-bold': { fontWeight: 'bold' },
    '& .rt-content em, & .rt-content i, & .rt-italic': { fontStyle: 'italic' },
    '& .rt-underline, & .rt-content u': { textDecoration: 'underline' },
    '& .rt-strike, & .rt-content s': { textDecoration: 'line-through' },
    '& .rt-underline-strike': { textDecoration: 'underline line-through' },
    '& .rt-content ul': { listStyleType: 'disc', ps: '6' },
    '& .rt-content ol': { listStyleType: 'decimal', ps: '6' },
    '& .rt-content li': { my: '0.5' },
    '& .rt-content li.rt-nested': { listStyleType: 'none' },
    '& .rt-content blockquote': {
      borderStartWidth: '3px',
      borderStartColor: 'brand.300',
      bg: 'brand.50',
      color: 'fg.muted',
      ps: '3',
      pe: '2',
      py: '1.5',
      rounded: 'sm',
    },
    '& .rt-content a': { color: 'brand.fg', textDecoration: 'underline', textUnderlineOffset: '2px', _hover: { color: 'brand.800' } },
    '& .rt-content code': { fontFamily: 'mono', fontSize: '0.9em', bg: 'bg.muted', px: '1', rounded: 'xs' },
    '& .rt-content pre': { fontFamily: 'mono', fontSize: 'xs', bg: 'bg.muted', p: '3', rounded: 'md', overflowX: 'auto' },
  };
}
