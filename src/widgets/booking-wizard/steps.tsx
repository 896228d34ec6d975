// The public booking page's steps, one file each; registered from here as one chunk (src/widgets/index.ts).
export { StartStep } from './start';
export { VerifyStep } from './verify';
export { ServicesStep } from './services';
export { TimeStep } from './time';
export { ClassesStep } from './classes';
export { DetailsStep } from './details';
export { ConfirmStep } from './confirm';
export { BookingCard, DoneStep, PurchaseCard } from './done';
export { PackagesStep, PurchaseStep, VouchersStep } from './purchases';
