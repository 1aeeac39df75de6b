// The web app's shared UI primitives (DESIGN.md §"apps/web/src", issue 24): every feature builds its forms,
// questions, outcomes and tables from these, in one look (ui.css on global.css's colours). No business data
// here, and nothing from app/ or features/ (the linter's zone).
import './ui.css';

export { Button, type ButtonVariant } from './Button.tsx';
export { Checkbox } from './Checkbox.tsx';
export { ConfirmDialog } from './ConfirmDialog.tsx';
export { ModalDialog } from './ModalDialog.tsx';
export { Pager, TableScroll } from './DataTable.tsx';
export { fieldMessage } from './field-message.ts';
export type { FieldLayout } from './FieldFrame.tsx';
export { FilePicker } from './FilePicker.tsx';
export { OutcomeMessage, type OutcomeTone } from './OutcomeMessage.tsx';
export { PageLayout, Panel, type PageWidth } from './PageLayout.tsx';
export { PasswordField } from './PasswordField.tsx';
export { SelectField } from './SelectField.tsx';
export { TextAreaField } from './TextAreaField.tsx';
export { TextField } from './TextField.tsx';
export { useModalDialog } from './use-modal-dialog.ts';
