/**
 * The sign-in screen (spec 2, 4, 5, 8): username (username@domain accepted),
 * password, stay signed in, low-bandwidth mode, the access agreement when
 * the server has one, the greeting dialog and the version label. The button
 * is disabled while the form is invalid, a request is running, or the
 * agreement is not accepted. Success plays a short animation, then the stage
 * opens.
 */
import { useEffect, useState, type FormEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { BRAND } from '../../brand/brand';
import { Logo } from '../../brand/logo';
import { CheckboxField, TextField } from '../../components/ui/form-field';
import { Icon } from '../../components/ui/icon';
import { Notice } from '../../components/ui/notice';
import { Spinner } from '../../components/ui/spinner';
import { t } from '../../i18n/translate';
import { preferences, setLowBandwidth } from '../../state/preferences.store';
import { serverState } from '../../state/server.store';
import { signIn } from '../../state/session.store';
import { GreetingDialog } from './greeting-dialog';
import { describeSignInError, signInFieldsError } from './sign-in-errors';

/** Long enough to read as a confirmation, short enough not to be in the way. */
const SUCCESS_ANIMATION_MS = 650;

type Phase = 'form' | 'processing' | 'success';

export function SignInView(): ReactElement {
  const navigate = useNavigate();
  const { about } = useSnapshot(serverState);
  const prefs = useSnapshot(preferences);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [staySignedIn, setStaySignedIn] = useState(false);
  const [agreementAccepted, setAgreementAccepted] = useState(false);
  const [touched, setTouched] = useState(false);
  const [phase, setPhase] = useState<Phase>('form');
  const [error, setError] = useState<string | null>(null);
  const [greetingOpen, setGreetingOpen] = useState(() => Boolean(about?.greeting));

  const agreement = about?.agreement ?? null;
  const fieldsError = signInFieldsError(username, password);
  const canSubmit = !fieldsError && phase === 'form' && (agreement === null || agreementAccepted);

  useEffect(() => {
    if (phase !== 'success') return;
    const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    const timer = setTimeout(() => void navigate('/stage', { replace: true }), reduced ? 0 : SUCCESS_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [phase, navigate]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!canSubmit) return;
    setPhase('processing');
    setError(null);
    try {
      await signIn(username.trim(), password, staySignedIn);
      setPhase('success');
    } catch (failure) {
      setError(describeSignInError(failure));
      setPhase('form');
    }
  };

  return (
    <main className="sign-in-screen">
      <aside className="sign-in-hero" aria-hidden="true">
        <div className="hero-wall">
          {Array.from({ length: 9 }, (_, index) => (
            <span key={index} className="hero-tile">
              <span className="hero-rec" />
            </span>
          ))}
        </div>
        <div className="hero-caption">
          <strong>{BRAND.productName}</strong>
          <span>{t('signIn.tagline')}</span>
        </div>
      </aside>
      <section className="sign-in-panel">
        <div className={phase === 'success' ? 'sign-in-card success' : 'sign-in-card'}>
          <Logo size={34} />
          {phase === 'success' ? (
            <div className="sign-in-success" role="status">
              <span className="success-ring">
                <Icon name="check" size={34} />
              </span>
              <p>{t('signIn.success')}</p>
            </div>
          ) : (
            <form className="sign-in-form" onSubmit={(event) => void submit(event)} noValidate aria-label={t('signIn.title')}>
              <h1 className="sign-in-title">{t('signIn.title')}</h1>
              {error && <Notice kind="error">{error}</Notice>}
              <TextField
                label={t('signIn.username')}
                name="username"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                onBlur={() => setTouched(true)}
                hint={t('signIn.usernameHint')}
                autoFocus
              />
              <TextField
                label={t('signIn.password')}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
              />
              {touched && fieldsError && username + password !== '' && <p className="field-error">{fieldsError}</p>}
              <div className="sign-in-options">
                <CheckboxField
                  label={t('signIn.staySignedIn')}
                  checked={staySignedIn}
                  onChange={(event) => setStaySignedIn(event.target.checked)}
                />
                <CheckboxField
                  label={t('signIn.lowBandwidth')}
                  checked={prefs.lowBandwidth}
                  onChange={(event) => setLowBandwidth(event.target.checked)}
                />
                {agreement && (
                  <CheckboxField
                    accessibleLabel={t('signIn.acceptAgreement', { title: agreement.title })}
                    label={
                      <>
                        {t('signIn.acceptAgreementPrefix')}{' '}
                        <a href={agreement.href} target="_blank" rel="noreferrer">
                          {agreement.title}
                        </a>
                      </>
                    }
                    checked={agreementAccepted}
                    onChange={(event) => setAgreementAccepted(event.target.checked)}
                  />
                )}
              </div>
              <button type="submit" className="btn btn-primary btn-block" disabled={!canSubmit}>
                {phase === 'processing' ? <Spinner label={t('signIn.signingIn')} /> : null}
                {phase === 'processing' ? t('signIn.signingIn') : t('signIn.submit')}
              </button>
            </form>
          )}
          <p className="version-label">{t('signIn.version', { version: about?.version ?? '—' })}</p>
        </div>
      </section>
      {about?.greeting && <GreetingDialog greeting={about.greeting} open={greetingOpen} onClose={() => setGreetingOpen(false)} />}
    </main>
  );
}
