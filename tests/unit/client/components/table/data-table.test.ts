import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../../../../src/components/table/data-table';
import { RowActionButton, RowActions } from '../../../../../src/components/table/row-actions';

function table(className?: string): string {
  const row = createElement(
    'tr',
    null,
    createElement('td', null, 'alice'),
    createElement(
      RowActions,
      null,
      createElement(RowActionButton, { icon: 'edit', label: 'Edit user alice', title: 'Edit', onClick: () => undefined }),
      createElement(RowActionButton, { icon: 'trash', danger: true, disabled: true, label: 'Delete user alice', title: 'Delete', onClick: () => undefined }),
    ),
  );
  const columns = [{ label: 'Username' }, { label: 'Email', className: 'email-col' }];
  return renderToStaticMarkup(createElement(DataTable, { label: 'Users', className, columns, actionsLabel: 'Actions', children: row }));
}

describe('list table', () => {
  it('is named, heads its columns and reads the actions column without showing it', () => {
    const html = table();
    expect(html).toContain('<table class="data-table" aria-label="Users">');
    expect(html).toContain('<th scope="col">Username</th><th scope="col" class="email-col">Email</th>');
    expect(html).toContain('<th scope="col" class="actions-col"><span class="visually-hidden">Actions</span></th>');
    expect(table('servers-table')).toContain('class="data-table servers-table"');
  });

  it('names each row action after its row, with a tooltip; a danger action is marked so', () => {
    const html = table();
    expect(html).toContain('<td class="actions-col">');
    expect(html).toContain('<button type="button" class="icon-button" aria-label="Edit user alice" title="Edit">');
    expect(html).toContain('<button type="button" class="icon-button danger" aria-label="Delete user alice" title="Delete" disabled="">');
  });
});
