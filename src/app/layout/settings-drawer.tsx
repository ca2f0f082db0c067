/**
 * The settings drawer: theme colour (presets and a custom colour), tags view, fixed header,
 * sidebar logo and — in Chinese only — pinyin menu search. Every change applies at once and is kept
 * in a cookie for a year (see ./settings).
 */
import { Box, chakra, Drawer, Flex, HStack, Portal, Stack, Switch, Text } from '@chakra-ui/react';
import { CloseButton } from '@/app/components/close-button';
import { useTranslation } from 'react-i18next';
import { LuCheck } from 'react-icons/lu';
import { currentLanguage } from '@/app/i18n';
import { THEME_PRESETS } from '@/app/theme';
import { changeSetting, type LayoutSettings, useSetting } from './settings';

type Flag = Exclude<keyof LayoutSettings, 'theme'>;

export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('shell');
  const chinese = currentLanguage() === 'zh-TW';
  return (
    <Drawer.Root open={open} onOpenChange={({ open: next }) => !next && onClose()} size="xs" placement="end">
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          <Drawer.Content data-testid="settings-drawer">
            <Drawer.Header borderBottomWidth="1px">
              <Drawer.Title textStyle="md">{t('settings.title')}</Drawer.Title>
            </Drawer.Header>
            <Drawer.Body py="4">
              <Stack gap="5">
                <ThemePicker />
                <Stack gap="1" as="fieldset">
                  <Text as="legend" textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="1">
                    {t('settings.layout')}
                  </Text>
                  <SettingSwitch flag="tagsView" label={t('settings.tagsView')} />
                  <SettingSwitch flag="fixedHeader" label={t('settings.fixedHeader')} />
                  <SettingSwitch flag="sidebarLogo" label={t('settings.sidebarLogo')} />
                  {chinese && <SettingSwitch flag="pinyinSearch" label={t('settings.pinyinSearch')} hint={t('settings.pinyinHint')} />}
                </Stack>
              </Stack>
            </Drawer.Body>
            <Drawer.CloseTrigger asChild>
              <CloseButton size="sm" aria-label={t('settings.close')} />
            </Drawer.CloseTrigger>
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function SettingSwitch({ flag, label, hint }: { flag: Flag; label: string; hint?: string }) {
  const checked = useSetting(flag);
  return (
    <Switch.Root
      checked={checked}
      onCheckedChange={({ checked: next }) => changeSetting(flag, next)}
      colorPalette="brand"
      display="flex"
      justifyContent="space-between"
      py="2"
      borderBottomWidth="1px"
      borderColor="border.muted"
      data-testid={`setting-${flag}`}
    >
      <Switch.HiddenInput />
      <Switch.Label flex="1" fontWeight="normal">
        <Text as="span" display="block" textStyle="sm">
          {label}
        </Text>
        {hint && (
          <Text as="span" display="block" textStyle="xs" color="fg.muted">
            {hint}
          </Text>
        )}
      </Switch.Label>
      <Switch.Control>
        <Switch.Thumb />
      </Switch.Control>
    </Switch.Root>
  );
}

function ThemePicker() {
  const { t } = useTranslation('shell');
  const theme = useSetting('theme');
  const isPreset = THEME_PRESETS.some((preset) => preset.toLowerCase() === theme.toLowerCase());
  return (
    <Stack gap="2" as="fieldset">
      <Text as="legend" textStyle="xs" fontWeight="semibold" color="fg.muted" textTransform="uppercase" mb="1">
        {t('settings.theme')}
      </Text>
      <Flex wrap="wrap" gap="1.5">
        {THEME_PRESETS.map((preset) => {
          const selected = preset.toLowerCase() === theme.toLowerCase();
          return (
            <chakra.button
              key={preset}
              type="button"
              boxSize="6"
              rounded="md"
              bg={preset}
              color="white"
              display="inline-flex"
              alignItems="center"
              justifyContent="center"
              shadow="inset 0 0 0 1px rgba(0,0,0,0.08)"
              outline={selected ? '2px solid' : undefined}
              outlineColor={selected ? preset : undefined}
              outlineOffset="2px"
              aria-label={t('settings.preset', { color: preset })}
              aria-pressed={selected}
              onClick={() => changeSetting('theme', preset)}
              _focusVisible={{ outline: '2px solid', outlineColor: 'fg', outlineOffset: '2px' }}
            >
              {selected && <LuCheck aria-hidden />}
            </chakra.button>
          );
        })}
      </Flex>
      <HStack gap="2" mt="1">
        <Box as="label" display="flex" alignItems="center" gap="2" textStyle="sm" cursor="pointer">
          <chakra.input
            type="color"
            value={theme.length === 7 ? theme : '#409eff'}
            onChange={(event) => changeSetting('theme', event.currentTarget.value)}
            w="8"
            h="7"
            p="0"
            borderWidth="1px"
            rounded="md"
            cursor="pointer"
            data-testid="theme-custom"
          />
          <Text as="span">{t('settings.custom')}</Text>
        </Box>
        <Text textStyle="xs" color="fg.muted" fontFamily="mono" ms="auto">
          {theme.toUpperCase()}
          {!isPreset && ` · ${t('settings.customBadge')}`}
        </Text>
      </HStack>
    </Stack>
  );
}
