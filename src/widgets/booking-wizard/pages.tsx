// The booking's pages outside the wizard, registered from here as one chunk (src/widgets/index.ts).
export { BookingCallback, BookingConfirmation } from './callback';
export { BookingManage } from './manage';
