/** The files of one font pair, each a URL of its own: the browser fetches them only when the pair is chosen. */
import headingRegular from '@expo-google-fonts/poppins/400Regular/Poppins_400Regular.ttf?url';
import headingItalic from '@expo-google-fonts/poppins/400Regular_Italic/Poppins_400Regular_Italic.ttf?url';
import headingBold from '@expo-google-fonts/poppins/700Bold/Poppins_700Bold.ttf?url';
import bodyRegular from '@expo-google-fonts/lora/400Regular/Lora_400Regular.ttf?url';
import bodyItalic from '@expo-google-fonts/lora/400Regular_Italic/Lora_400Regular_Italic.ttf?url';
import bodyBold from '@expo-google-fonts/lora/700Bold/Lora_700Bold.ttf?url';
import { faces } from '../fonts';

export default faces('Poppins', [headingRegular, headingItalic, headingBold], 'Lora', [bodyRegular, bodyItalic, bodyBold]);
