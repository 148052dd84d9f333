/** The `validation` namespace in Spanish (addressing the user as tú, as the portal does). */
export default {
  required: 'Este campo es obligatorio.',
  invalid: 'Este valor no es válido.',
  max_length: 'Usa {{max}} caracteres como máximo.',
  min_characters: 'Introduce al menos {{min}} caracteres.',
  invalid_code: 'Introduce el código de 6 dígitos.',
  invalid_number: 'Introduce un número, por ejemplo 1.234,56.',

  email: 'Introduce tu correo electrónico.',
  email_no_spaces: 'El correo electrónico no puede contener espacios.',
  inv_email: 'Introduce un correo electrónico válido.',

  invalid_phone: 'Introduce un número de teléfono válido.',
  phone_international:
    'Introduce el número en formato internacional, empezando por + y el código del país.',

  first_name: 'Introduce el nombre.',
  last_name: 'Introduce los apellidos.',
  alphabetic: 'Usa solo letras, espacios, guiones y apóstrofos.',

  invalid_date: 'Introduce una fecha válida.',
  disabled_past: 'La fecha no puede ser anterior a hoy.',
  disabled_after: 'La fecha no puede ser posterior al {{date}}.',
  disabled_before: 'La fecha no puede ser anterior al {{date}}.',

  passwordv1: 'La contraseña debe tener al menos 8 caracteres.',
  passwordv2: 'La contraseña debe contener al menos una letra minúscula.',
  passwordv3: 'La contraseña debe contener al menos un número.',
  passwordv4: 'La contraseña debe contener al menos una letra mayúscula.',
  passwordv5: 'La contraseña debe contener al menos un carácter especial, como ! @ # $ % & *.',
  passwordv6: 'La contraseña no puede contener espacios.',
  password_match: 'Las contraseñas no coinciden.',
  confirm_password: 'Confirma tu contraseña.',

  flight_number_missing_letter:
    'Empieza el número de vuelo con el código de la aerolínea, por ejemplo IB123.',
  invalid_flight_number: 'Introduce un número de vuelo válido, por ejemplo IB123.',

  tob: 'Confirma las condiciones comerciales.',
  origin: 'Elige el aeropuerto de salida.',
  date_for_selected_flight_required: 'Introduce una fecha para cada vuelo seleccionado.',
  one_passenger: 'Selecciona al menos un pasajero.',
  max_passengers: 'Puedes seleccionar hasta {{max}} pasajeros.',
} satisfies Record<string, string>;
