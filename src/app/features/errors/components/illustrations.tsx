/**
 * Decorative drawings for the error pages, inline so no request can fail while showing an error.
 * Colours are the theme's CSS variables, so the drawings follow the brand palette.
 */
import { chakra, type HTMLChakraProps } from '@chakra-ui/react';

type IllustrationProps = HTMLChakraProps<'svg'>;

const c = (token: string) => `var(--chakra-colors-${token.replace('.', '-')})`;

function Canvas({ children, ...props }: IllustrationProps) {
  return (
    <chakra.svg viewBox="0 0 240 180" width="full" height="auto" aria-hidden="true" focusable="false" {...props}>
      <circle cx="120" cy="92" r="80" fill={c('brand.50')} />
      <circle cx="34" cy="52" r="4" fill={c('brand.200')} />
      <circle cx="210" cy="40" r="5" fill={c('brand.100')} />
      <circle cx="22" cy="128" r="3" fill={c('brand.300')} />
      <circle cx="218" cy="150" r="3" fill={c('brand.200')} />
      <ellipse cx="120" cy="166" rx="74" ry="6" fill={c('gray.200')} opacity="0.7" />
      {children}
    </chakra.svg>
  );
}

/** A browser window with nothing to show and a magnifier still looking. */
export function LostIllustration(props: IllustrationProps) {
  return (
    <Canvas {...props}>
      <rect x="46" y="38" width="140" height="104" rx="10" fill="white" stroke={c('brand.200')} strokeWidth="2" />
      <path d="M46 48a10 10 0 0 1 10-10h120a10 10 0 0 1 10 10v8H46z" fill={c('brand.100')} />
      <circle cx="60" cy="47" r="3" fill="#F56C6C" />
      <circle cx="70" cy="47" r="3" fill="#E6A23C" />
      <circle cx="80" cy="47" r="3" fill="#67C23A" />
      <rect x="62" y="70" width="56" height="8" rx="4" fill={c('gray.200')} />
      <rect x="62" y="86" width="84" height="6" rx="3" fill={c('gray.100')} />
      <rect x="62" y="98" width="70" height="6" rx="3" fill={c('gray.100')} />
      <rect x="62" y="110" width="46" height="6" rx="3" fill={c('gray.100')} />
      <path d="M176 130l20 20" stroke={c('brand.600')} strokeWidth="10" strokeLinecap="round" />
      <circle cx="160" cy="112" r="25" fill="white" stroke={c('brand.500')} strokeWidth="6" />
      <path
        d="M153 105a7 7 0 1 1 10 6.3c-2 1-3 2.4-3 4.4v1"
        fill="none"
        stroke={c('brand.500')}
        strokeWidth="4"
        strokeLinecap="round"
      />
      <circle cx="160" cy="123.5" r="2.6" fill={c('brand.500')} />
    </Canvas>
  );
}

/** A server rack under maintenance, with a traffic cone in front. */
export function MaintenanceIllustration(props: IllustrationProps) {
  const units = [
    { y: 36, led: '#67C23A' },
    { y: 78, led: '#E6A23C' },
    { y: 120, led: '#F56C6C' },
  ];
  return (
    <Canvas {...props}>
      {units.map(({ y, led }) => (
        <g key={y}>
          <rect x="62" y={y} width="104" height="34" rx="7" fill="white" stroke={c('brand.200')} strokeWidth="2" />
          <circle cx="78" cy={y + 17} r="4.5" fill={led} />
          <rect x="92" y={y + 11} width="44" height="5" rx="2.5" fill={c('gray.200')} />
          <rect x="92" y={y + 20} width="30" height="4" rx="2" fill={c('gray.100')} />
          <rect x="146" y={y + 9} width="8" height="16" rx="2" fill={c('brand.100')} />
        </g>
      ))}
      <path d="M180 112h12l14 48h-40z" fill="#F3A447" />
      <path d="M177.6 120h16.8l3 10h-22.8zM172.5 138h27l3 10h-33z" fill="white" />
      <rect x="160" y="157" width="52" height="7" rx="3" fill="#D9822B" />
    </Canvas>
  );
}

/** A shield with a padlock: the door exists but is closed to you. */
export function LockedIllustration(props: IllustrationProps) {
  return (
    <Canvas {...props}>
      <path
        d="M120 26l54 19v45c0 34-23 58-54 70-31-12-54-36-54-70V45z"
        fill="white"
        stroke={c('brand.200')}
        strokeWidth="2.5"
      />
      <path d="M120 38l42 15v37c0 27-18 47-42 57-24-10-42-30-42-57V53z" fill={c('brand.50')} />
      <path
        d="M106 88V77a14 14 0 0 1 28 0v11"
        fill="none"
        stroke={c('brand.600')}
        strokeWidth="7"
        strokeLinecap="round"
      />
      <rect x="96" y="86" width="48" height="38" rx="8" fill={c('brand.500')} />
      <circle cx="120" cy="101" r="5" fill="white" />
      <rect x="117.5" y="103" width="5" height="11" rx="2.5" fill="white" />
      <circle cx="164" cy="138" r="15" fill="#F56C6C" stroke="white" strokeWidth="3" />
      <rect x="155" y="135.5" width="18" height="5" rx="2.5" fill="white" />
    </Canvas>
  );
}
