/**
 * Name, email (optional) and a new password (blank = unchanged, left out of the request). Server 422 messages
 * appear under their fields; after saving, the navbar's name follows (`user.profileUpdated`). The
 * fields wait for the account's current values: typed before they arrive, a slow answer would
 * overwrite what was typed (and save the old name).
 */
import { Button, Card, Field, Heading, IconButton, Input, InputGroup, Stack, Text } from '@chakra-ui/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LuEye, LuEyeOff } from 'react-icons/lu';
import { type FieldErrors, isApiError } from '@/app/api/api';
import { messages } from '@/app/components/ui/toaster';
import { sessionActor } from '@/app/features/auth/session';
import { fetchMe, type ProfileValues, updateSelf } from '../api/profile-api';

type ProfileField = 'name' | 'email' | 'password';

export function ProfileForm() {
  const { t } = useTranslation('shell');
  const [values, setValues] = useState<ProfileValues>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    let live = true;
    fetchMe()
      .then((me) => live && setValues((current) => ({ ...current, name: me.name, email: me.email })))
      .catch(() => undefined) // the API client already told the user; the form is left to fill in
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, []);

  const change = (field: ProfileField) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    try {
      const saved = await updateSelf(values);
      sessionActor.send({ type: 'user.profileUpdated', name: saved.name, email: saved.email });
      setValues({ name: saved.name, email: saved.email, password: '' });
      // An explicit id: messages.success without one crashes the toaster (zag: "missing required props: id").
      messages.success(t('profile.saved'), { id: 'profile-saved' });
    } catch (error) {
      if (isApiError(error, 'validation')) setErrors(error.fields);
    } finally {
      setSaving(false);
    }
  };

  const errorOf = (field: string) => errors[field]?.[0];

  return (
    <Card.Root variant="outline" bg="bg" size="sm">
      <Card.Header>
        <Heading as="h2" size="md">
          {t('profile.account')}
        </Heading>
      </Card.Header>
      <Card.Body>
        <form onSubmit={(event) => void submit(event)} noValidate data-testid="profile-form" aria-busy={loading}>
          <Stack gap="4" maxW="md">
            <Field.Root invalid={!!errorOf('name')} required disabled={loading}>
              <Field.Label>
                {t('profile.name')}
                <Field.RequiredIndicator />
              </Field.Label>
              <Input name="name" value={values.name} onChange={(e) => change('name')(e.currentTarget.value)} autoComplete="name" />
              <Field.ErrorText data-testid="error-name">{errorOf('name')}</Field.ErrorText>
            </Field.Root>
            {/* Optional: the seeded super admin has no email and must still be able to set its password. */}
            <Field.Root invalid={!!errorOf('email')} disabled={loading}>
              <Field.Label>{t('profile.email')}</Field.Label>
              <Input name="email" type="email" value={values.email} onChange={(e) => change('email')(e.currentTarget.value)} autoComplete="email" />
              {errorOf('email') ? (
                <Field.ErrorText data-testid="error-email">{errorOf('email')}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('profile.emailOptional')}</Field.HelperText>
              )}
            </Field.Root>
            <Field.Root invalid={!!errorOf('password')} disabled={loading}>
              <Field.Label>{t('profile.password')}</Field.Label>
              <InputGroup
                endElementProps={{ pe: '1' }}
                endElement={
                  <IconButton
                    variant="ghost"
                    size="xs"
                    aria-label={showPassword ? t('profile.hidePassword') : t('profile.showPassword')}
                    aria-pressed={showPassword}
                    onClick={() => setShowPassword(!showPassword)}
                  >
                    {showPassword ? <LuEyeOff /> : <LuEye />}
                  </IconButton>
                }
              >
                <Input
                  name="password"
                  type={showPassword ? 'text' : 'password'}
                  value={values.password}
                  onChange={(e) => change('password')(e.currentTarget.value)}
                  autoComplete="new-password"
                />
              </InputGroup>
              {errorOf('password') ? (
                <Field.ErrorText data-testid="error-password">{errorOf('password')}</Field.ErrorText>
              ) : (
                <Field.HelperText>{t('profile.passwordHint')}</Field.HelperText>
              )}
            </Field.Root>
            <Text srOnly aria-live="polite">
              {saving ? t('profile.saving') : ''}
            </Text>
            <Button type="submit" colorPalette="brand" alignSelf="start" disabled={loading} loading={saving} loadingText={t('profile.saving')} minW="24">
              {t('profile.save')}
            </Button>
          </Stack>
        </form>
      </Card.Body>
    </Card.Root>
  );
}
