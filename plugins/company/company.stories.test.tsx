import { describeStoryStates, regionCodesKept, resetRegionWhiteList } from '@portal/plugin-api/testing';
import * as applicationStories from './ApplicationsList.stories';
import * as formStories from './CompanyForm.stories';
import * as pageStories from './CompanyPage.stories';
import * as joinStories from './JoinCompany.stories';
import * as memberStories from './MembersList.stories';

// What each story must show once rendered (and its play function has finished); `!text` must not show.
describeStoryStates('CompanyPage', pageStories, {
  expected: {
    NoCompany: ['You are not in a company yet', 'Create a company', 'Join a company'],
    PendingApplication: ['Application to Contoso Networks sent on Jun 12, 2024'],
    InfoAsOwner: ['Northwind Security Integrators', 'Not certified', 'Edit company', 'Applications', 'business-licence.pdf', 'System integrator'],
    Certified: ['✓ Certified', 'cannot be edited', '!Edit company'],
    InfoAsMember: ['Leave company', '!Edit company', '!Applications'],
    LeaveConfirm: ['Leave this company?', 'You lose access to its services'],
    Loading: ['Loading company information'],
    LoadFailed: ['could not be loaded', 'Try again'],
    CreateRoute: ['Create a company', 'Upload business licence'],
    RightToLeft: ['Company info'],
    Arabic: ['معلومات الشركة', '!Company info'],
    DarkTheme: ['Company info'],
    ConflictingAccount: ['Your account information conflicts with another account.'],
  },
  reset: resetRegionWhiteList,
});

describeStoryStates('CompanyForm', formStories, {
  expected: {
    Create: ['Create a company', 'Company name', 'Postal code'],
    Edit: ['Edit company', 'Save changes', 'Uploaded: business-licence.pdf'],
    WithErrors: ['This field is required', 'These characters are not allowed', 'Use up to 10 capital letters', 'Use 4 to 32 letters or digits.', 'Enter an address starting with http', 'Enter a valid email address'],
    UploadingLicence: ['Uploading business-licence-2024.pdf'],
    ConflictingAccount: ['Your account information conflicts with another account.'],
    DuplicateName: ['already exists'],
    RightToLeft: ['Edit company'],
  },
  reset: resetRegionWhiteList,
});

describeStoryStates('MembersList', memberStories, {
  expected: {
    AsOwner: ['Invite members', 'Invite again', 'Change role', 'Maximiliana Alexandrina v…', 'Invitation pending'],
    AsAdmin: ['Invite members', 'Remove'],
    AsMember: ['Only the owner and administrators can manage members.', '!Invite members', '!Remove'],
    Loading: ['Loading company information'],
    LoadFailed: ['could not be loaded'],
    InviteDialog: ['Email addresses', 'Send invitations', 'Only people whose account is in'],
    InviteDialogChips: ['new.colleague@partner-example.com', 'not-an-address (not a valid address)', 'Addresses marked as not valid will not be invited.'],
    ArabicChips: ['not-an-address', '!Send invitations'],
    InviteReport: ['Invited: 2. Not invited: 4.', 'not-an-address is not a valid email address.', 'second.hire@partner-example.com', 'member@example.com already belongs to this company.', 'The invitation to cancelled@partner-example.com was cancelled less than 7 days ago.', 'Done'],
    ChangeRoleDialog: ['Change the role of petr.svoboda@partner-example.com'],
    RemoveConfirm: ['Remove maximiliana.alexandrina.hohenzollern@partner-example.com from the company?'],
    RightToLeft: ['Invitation expired'],
    Arabic: ['انتهت صلاحية الدعوة', 'الإجراءات', '!Invitation expired'],
    // Whether the actions go behind menus is measured in a browser (jsdom has no layout): the stories' references show it.
    InTheAccountColumn: ['Invitation expired', 'Maximiliana Alexandrina v…'],
    ActionsMenuOpen: ['Invitation expired'],
    ArabicMenus: ['انتهت صلاحية الدعوة', '!Invitation expired'],
  },
  reset: resetRegionWhiteList,
});

describeStoryStates('ApplicationsList', applicationStories, {
  expected: {
    Pending: ['Jan Dvořák', 'Jun 10, 2024', 'Accept', 'Reject'],
    Empty: ['There are no open applications.'],
    AcceptDialog: ['Accept Jan Dvořák', 'Role in the company'],
    RejectConfirm: ['Reject the application of Eva Horáková?'],
    RightToLeft: ['Jan Dvořák'],
    ActionsMenuOpen: ['Jan Dvořák', 'Eva Horáková'],
  },
  reset: resetRegionWhiteList,
});

describeStoryStates('JoinCompany', joinStories, {
  expected: {
    Empty: ['Join a company', 'Organization code'],
    SearchResults: ['Contoso Networks', 'Apply to join', 'Not certified yet: it cannot be joined.'],
    PendingApplication: ['Application pending', '!Apply to join'],
    NoResults: [regionCodesKept('No company in Europe (eu-west-1) matches your search.'), regionCodesKept('Search finds only companies whose data is kept in Europe (eu-west-1)')],
    UnknownCode: ['The organization does not exist.'],
    TooManyWrongCodes: ['Too many requests. Please try again later.'],
    RightToLeft: ['Contoso Networks'],
  },
  reset: resetRegionWhiteList,
});
