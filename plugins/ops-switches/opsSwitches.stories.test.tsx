import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './SwitchesView.stories';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('OpsSwitches SwitchesView', stories, {
  expected: {
    AsOperator: ['Switches', 'Serving version 3', 'Plugins per region', 'set for this region', 'History', 'Company pages are not offered in North America yet', 'Restore', '!Your role can read them'],
    AsViewer: ['Your role can read them', 'Company pages are not offered in North America yet', '!Restore'],
    Loading: ['Loading the switches…', '!Plugins per region'],
    LoadFailed: ['The server did not answer. Your changes are kept; try again.', 'Try again'],
    Previewed: ['Review and apply', 'regions.Aps', 'mfa disappears in Aps', 'For Web accounts in Aps', 'Reason', 'Apply', 'Discard changes'],
    Refused: ['The change cannot be applied:', "did you mean 'showAccountId'?", '!Discard changes'],
    Conflict: ['Someone applied version 4 since you began.', 'Load the newest version'],
    DeploymentFields: ['This change also edits allowedRedirects', 'Only an admin may apply it.', 'Only an admin may change allowedRedirects. Your role changes the plugin switches and their settings.'],
    SettingsDialog: ['Settings of account', 'Written for', 'Settings (JSON)', 'As the page gets them in Euw', 'Use these settings'],
    RestoreDialog: ['Restore version 2', 'Its document becomes the newest version', 'Reason'],
    Arabic: ['Company pages are not offered in North America yet', '!Plugins per region', '!Serving version 3'],
  },
  check(name) {
    if (name === 'AsViewer') for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled();
    // A refused Apply keeps the reason typed.
    if (name === 'DeploymentFields') expect(screen.getByRole('textbox', { name: /Reason/ })).toHaveValue('Partner site goes live');
    if (name === 'Previewed') expect(screen.getByRole('checkbox', { name: /mfa in Aps/ })).not.toBeChecked();
  },
});
