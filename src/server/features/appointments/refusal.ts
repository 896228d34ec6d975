import { invalid, Label } from '../../infra/domain-error';

/** A 422 on an appointment's field, its message naming the field by its label (`recurring.end_date` → "end date"). */
export const appointmentRefusal = (field: string, key: string) =>
  invalid(field, key, { field: new Label(`fields.appointments.${field.split('.').pop()}`) });
