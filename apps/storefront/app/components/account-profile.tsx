import { type FormEvent, useId, useRef, useState } from 'react';
import {
  displayName,
  type MemberProfile,
  type NamesDraft,
  useChangePassword,
  useMemberProfile,
  useUpdateNames,
} from '../lib/account-profile.js';
import { formErrorMessage, PASSWORD_RULE } from '../lib/auth-messages.js';
import { formatDate, useLocale } from '../lib/locale.js';
import { FormAlert, PasswordField } from './account-flow.js';
import { AccountLoadFailed } from './account-load-failed.js';

const NAME_LABELS = { firstName: 'First name', lastName: 'Last name', nickname: 'Nickname' };
const PASSWORD_LABELS = { newPassword: 'The new password' };

/** The member's details on the account page: names (editable), login e-mail and since when. */
export function ProfileSection() {
  const { data, isPending, isError, error, refetch } = useMemberProfile(true);
  const [editing, setEditing] = useState(false);
  const [saved, setSaved] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);

  function closeEditor(wasSaved: boolean) {
    setEditing(false);
    setSaved(wasSaved);
    // Back to where the shopper was before the form opened (keyboard users keep their place).
    requestAnimationFrame(() => editButton.current?.focus());
  }

  return (
    <section className="account-section" aria-labelledby="profile-title">
      <h2 id="profile-title">Your details</h2>
      {isPending ? (
        <p role="status">Loading your details…</p>
      ) : isError ? (
        <AccountLoadFailed retry={refetch}>Your details could not be loaded. {formErrorMessage(error, {})}</AccountLoadFailed>
      ) : !data ? (
        <p className="account-form__error" role="alert">
          This account no longer exists. Sign out and sign in again.
        </p>
      ) : editing ? (
        <NamesForm profile={data} onDone={closeEditor} />
      ) : (
        <>
          <ProfileDetails profile={data} />
          <p className="account-form__note" role="status">
            {saved ? 'Your details were saved.' : ''}
          </p>
          <button
            ref={editButton}
            type="button"
            className="button"
            onClick={() => {
              setSaved(false);
              setEditing(true);
            }}
          >
            Edit your name
          </button>
        </>
      )}
    </section>
  );
}

function ProfileDetails({ profile }: { profile: MemberProfile }) {
  const locale = useLocale();
  const name = displayName(profile);
  return (
    <dl className="account-details">
      <div>
        <dt>Name</dt>
        <dd data-testid="profile-name">{name || <span className="account-field__optional">Not given</span>}</dd>
      </div>
      {profile.nickname && name !== profile.nickname ? (
        <div>
          <dt>Nickname</dt>
          <dd>{profile.nickname}</dd>
        </div>
      ) : null}
      <div>
        <dt>E-mail address</dt>
        <dd data-testid="profile-email">{profile.loginEmail}</dd>
      </div>
      <div>
        <dt>Member since</dt>
        <dd>{formatDate(profile.createdDate, locale)}</dd>
      </div>
    </dl>
  );
}

type Draft = { [K in keyof NamesDraft]: string };

function NamesForm({ profile, onDone }: { profile: MemberProfile; onDone(saved: boolean): void }) {
  const id = useId();
  const update = useUpdateNames();
  const [draft, setDraft] = useState<Draft>({
    firstName: profile.firstName ?? '',
    lastName: profile.lastName ?? '',
    nickname: profile.nickname ?? '',
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    update.mutate(
      { firstName: draft.firstName.trim(), lastName: draft.lastName.trim(), nickname: draft.nickname.trim() },
      { onSuccess: () => onDone(true) },
    );
  }

  const field = (name: keyof Draft, label: string, autoComplete: string) => (
    <div className="account-field">
      <label htmlFor={`${id}-${name}`}>
        {label} <span className="account-field__optional">(optional)</span>
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        autoComplete={autoComplete}
        maxLength={100}
        value={draft[name]}
        onChange={(event) => setDraft((current) => ({ ...current, [name]: event.target.value }))}
      />
    </div>
  );

  return (
    <form className="account-form" onSubmit={submit} aria-label="Edit your name">
      <div className="account-form__row">
        {field('firstName', 'First name', 'given-name')}
        {field('lastName', 'Last name', 'family-name')}
      </div>
      {field('nickname', 'Nickname', 'nickname')}
      <FormAlert>{update.isError ? `Your details were not saved. ${formErrorMessage(update.error, NAME_LABELS)}` : ''}</FormAlert>
      <div className="account-form__actions">
        <button type="submit" className="button button--primary" disabled={update.isPending}>
          {update.isPending ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className="button" onClick={() => onDone(false)} disabled={update.isPending}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** A new password for the signed-in member, typed twice. */
export function PasswordSection() {
  const id = useId();
  const change = useChangePassword();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    change.mutate(password, {
      onSuccess: () => {
        setPassword('');
        setConfirmation('');
      },
    });
  }

  const error = mismatch
    ? 'The two passwords are not the same. Type the new password twice.'
    : change.isError
      ? `Your password was not changed. ${formErrorMessage(change.error, PASSWORD_LABELS)}`
      : '';

  return (
    <section className="account-section" aria-labelledby="password-title">
      <h2 id="password-title">Password</h2>
      <form className="account-form" onSubmit={submit} aria-labelledby="password-title">
        <div className="account-form__row">
          <PasswordField
            id={`${id}-new`}
            name="new-password"
            label="New password"
            autoComplete="new-password"
            value={password}
            onChange={setPassword}
            hintId={`${id}-hint`}
          />
          <PasswordField
            id={`${id}-confirm`}
            name="confirm-password"
            label="Repeat the new password"
            autoComplete="new-password"
            value={confirmation}
            onChange={setConfirmation}
          />
        </div>
        <p id={`${id}-hint`} className="account-field__hint">
          {PASSWORD_RULE}
        </p>
        <FormAlert>{error}</FormAlert>
        <p className="account-form__note" role="status">
          {change.isSuccess && !password ? 'Your password was changed. You stay signed in here; everywhere else you were signed out.' : ''}
        </p>
        <div className="account-form__actions">
          <button type="submit" className="button button--primary" disabled={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
