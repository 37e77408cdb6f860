import { describeStoryStates } from '@portal/plugin-api/testing';
import * as stories from './TrustedDevicesSection.stories';

describeStoryStates('Trusted devices card', stories, {
  expected: {
    Devices: ['Chrome on Windows', 'This device', 'Safari on iOS', 'Trusted until May 28, 2024', 'Stop trusting all devices'],
    Locked: ['Unlock the settings first.'],
    NoDevices: ['No device is trusted.'],
    RevokeAllConfirm: ['Stop trusting all devices?', 'Every device, this one too, must pass two-step verification again'],
  },
});
