/** The user-roles help card (spec 2 and 6): what each role may do. */
import type { ReactElement } from 'react';
import { ROLES, type Role } from '../../../server/shared/roles';
import { t, type MessageKey } from '../../i18n/translate';

const DESCRIPTIONS: Record<Role, MessageKey> = {
  'Live Viewer': 'roles.liveViewer',
  Viewer: 'roles.viewer',
  Manager: 'roles.manager',
  Administrator: 'roles.administrator',
};

export function UserRolesCard(): ReactElement {
  return (
    <aside className="card roles-card" aria-labelledby="roles-title">
      <h2 id="roles-title" className="card-title">
        {t('roles.title')}
      </h2>
      <dl className="roles-list">
        {ROLES.map((role) => (
          <div key={role} className="roles-item">
            <dt>
              <span className={`role-badge role-${role.toLowerCase().replace(' ', '-')}`}>{role}</span>
            </dt>
            <dd>{t(DESCRIPTIONS[role])}</dd>
          </div>
        ))}
      </dl>
    </aside>
  );
}
