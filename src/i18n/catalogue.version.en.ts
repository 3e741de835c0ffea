/** English strings of the version screen's links and its update-client dialog. Spread into the catalogue (catalogue.en.ts). */
export const versionStrings = {
  'version.links': 'Resources',
  'version.updateClient': 'Update client',
  'version.training': 'Training',
  'version.knowledgeBase': 'Knowledge base',
  'version.apiDocs': 'API documentation',
  'version.update.title': 'Update client',
  'version.update.intro':
    'Choose a .zip archive of a built web client (index.html at its root). The recorder checks it, serves it from the next page load, and keeps the current client to go back to.',
  'version.update.file': 'Client archive (.zip)',
  'version.update.noFile': 'no file specified',
  'version.update.submit': 'Update',
  'version.update.uploading': 'Updating…',
  'version.update.done': 'The client was updated. Reload the page to use it.',
  'version.update.reload': 'Reload',
} as const;
