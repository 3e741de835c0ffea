/**
 * English strings of the users screen's multi-server parts: the note, the
 * bulk checkboxes and the bulk-replicate and bulk-delete dialogs with their
 * table of servers. Spread into the catalogue (catalogue.en.ts). Spec 8's
 * bulk keys keep their names (anErrorOccurredWhileProcessingBulkDelete).
 */
export const userServersStrings = {
  'users.serverUsersMoved':
    "These are the users of this multi-server system. Each server's own users moved to the Servers tab; a row's server actions add, update or remove that user on the servers.",
  'users.bulkCreate': 'Also create this user on servers',
  'users.bulkUpdate': 'Also apply this change on servers',
  'users.bulkPasswordHint': 'Needed where the user will be added to a server; elsewhere leave blank to keep the password.',
  'users.replicateUser': 'Replicate {username} to servers',
  'users.deleteFromServers': 'Delete {username} from servers',
  'users.replicateTitle': 'Replicate {username} to servers',
  'users.replicateIntro': "The user's username, role and email are added or updated on the servers ticked below.",
  'users.replicate': 'Replicate',
  'users.replicating': 'Replicating…',
  'users.bulkDeleteTitle': 'Delete {username} from servers',
  'users.bulkDeleteIntro': 'The user is removed from the servers ticked below. The user of this system stays.',
  'users.bulkDelete': 'Delete from servers',
  'users.serversLabel': 'Servers',
  'users.serversLoading': 'Reading the users of each server…',
  'users.noServers': 'No servers are registered.',
  'users.apply': 'Apply',
  'users.applyOn': 'Apply on {server}',
  'users.server': 'Server',
  'users.existingUsername': 'Existing username',
  'users.action': 'Action',
  'users.action.add': 'will be added',
  'users.action.update': 'will be updated',
  'users.action.remove': 'user will be removed',
  'users.action.absent': 'no action: user does not exist',
  'users.action.locked': 'no action: built-in administrator',
  'users.action.unreachable': 'no action: cannot query server',
  'users.aggregatorAccountWarning':
    'This system signs in to this server with this account: a new password or its removal cuts the server off until its registration is edited.',
  'users.outcome.done': 'Done',
  'users.outcome.failed': 'Failed: {message}',
  'users.someServersFailed': 'The user was saved here, but not on every server (see the table). Replicate to servers from the list to try again.',
  'users.replicationFailed': 'Not every server took the change (see the table).',
  'users.anErrorOccurredWhileProcessingBulkDelete': 'An error occurred while processing the bulk delete (see the table).',
} as const;
