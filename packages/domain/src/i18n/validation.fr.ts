/** The `validation` namespace in French. */
export default {
  required: 'Ce champ est obligatoire.',
  invalid: 'Cette valeur n’est pas valide.',
  max_length: 'Utilisez {{max}} caractères au maximum.',
  min_characters: 'Saisissez au moins {{min}} caractères.',
  invalid_code: 'Saisissez le code à 6 chiffres.',
  invalid_number: 'Saisissez un nombre, par exemple 1 234,56.',

  email: 'Saisissez votre adresse courriel.',
  email_no_spaces: 'L’adresse courriel ne peut pas contenir d’espaces.',
  inv_email: 'Saisissez une adresse courriel valide.',

  invalid_phone: 'Saisissez un numéro de téléphone valide.',
  phone_international:
    'Saisissez le numéro au format international, en commençant par + et l’indicatif du pays.',

  first_name: 'Saisissez le prénom.',
  last_name: 'Saisissez le nom de famille.',
  alphabetic:
    'Utilisez uniquement des lettres, des espaces, des traits d’union et des apostrophes.',

  invalid_date: 'Saisissez une date valide.',
  disabled_past: 'La date ne peut pas être passée.',
  disabled_after: 'La date ne peut pas être postérieure au {{date}}.',
  disabled_before: 'La date ne peut pas être antérieure au {{date}}.',

  passwordv1: 'Le mot de passe doit comporter au moins 8 caractères.',
  passwordv2: 'Le mot de passe doit contenir au moins une lettre minuscule.',
  passwordv3: 'Le mot de passe doit contenir au moins un chiffre.',
  passwordv4: 'Le mot de passe doit contenir au moins une lettre majuscule.',
  passwordv5: 'Le mot de passe doit contenir au moins un caractère spécial, comme ! @ # $ % & *.',
  passwordv6: 'Le mot de passe ne peut pas contenir d’espaces.',
  password_match: 'Les mots de passe ne correspondent pas.',
  confirm_password: 'Confirmez votre mot de passe.',

  flight_number_missing_letter:
    'Commencez le numéro de vol par le code de la compagnie aérienne, par exemple AF123.',
  invalid_flight_number: 'Saisissez un numéro de vol valide, par exemple AF123.',

  tob: 'Veuillez confirmer les conditions commerciales.',
  origin: 'Choisissez l’aéroport de départ.',
  date_for_selected_flight_required: 'Saisissez une date pour chaque vol sélectionné.',
  one_passenger: 'Sélectionnez au moins un passager.',
  max_passengers: 'Vous pouvez sélectionner jusqu’à {{max}} passagers.',
} satisfies Record<string, string>;
