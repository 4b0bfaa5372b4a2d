// Hand-set data for the standard map's geometry (read by generate.mjs). Every place is a real geographic
// location given as [longitude, latitude] in degrees, chosen from a plain atlas; nothing here is traced from a
// Diplomacy board. The province codes are those of src/map/standard.json.

// The board's frame: the projection is fitted to the smallest rectangle holding these places (west: the
// Atlantic beyond Ireland and Portugal; south: the Moroccan, Algerian and Libyan shores with some desert;
// east: Mosul and Lake Van, short of the Caspian; north: beyond the North Cape).
export const frame = {
  width: 1200, // output units (SVG user units) across; the height follows from the projection
  corners: [
    [-11.5, 52], // west of Ireland
    [-10.5, 34], // the Atlantic off Morocco
    [-1, 34.4], // inland of Oran
    [16, 32.6], // off Tripoli: the board's south edge cuts the Libyan shore
    [35.5, 32.2], // Galilee
    [44.5, 35.5], // beyond Mosul
    [46, 42], // beyond Tiflis
    [47, 68.3], // the Barents shore east of the White Sea
    [25, 71.8], // beyond the North Cape
  ],
  // Lambert conformal conic centred on central Europe: shapes stay true, as on a wall map of Europe.
  projection: { rotate: [-16, 0], parallels: [38, 62] },
  // Gentle magnifying lenses, as a Diplomacy board gives the crowded west and centre more room than Russia and
  // the open ocean: around each `centre`, distances r grow to r + strength * R * tanh(r / R), with R the distance
  // to a place `radius` degrees of latitude north of the centre (the middle is enlarged 1 + strength times, the
  // far edges only shifted outwards). One on Britain, one on central Europe; applied in this order.
  lenses: [
    { centre: [-2.5, 54], radius: 4, strength: 0.7 },
    { centre: [9, 49], radius: 12, strength: 0.9 },
  ],
};

// Which provinces each modern country's land may go to (Natural Earth names). A land pixel of a listed
// country goes to the nearest seed of those provinces, so real borders (the Pyrenees, Portugal's, Norway and
// Sweden's, Switzerland's, Belgium's) stay where they are and only the inner borders are drawn from seeds.
// 'neutral' land is drawn but belongs to no province; 'SWI' is the impassable Switzerland.
export const countries = {
  'United Kingdom': ['LON', 'WAL', 'YOR', 'LVP', 'EDI', 'CLY'],
  France: ['BRE', 'PIC', 'PAR', 'BUR', 'GAS', 'MAR'],
  Monaco: ['MAR'],
  Andorra: ['GAS', 'MAR', 'SPA'],
  Spain: ['SPA'],
  Portugal: ['POR'],
  Belgium: ['BEL'],
  Luxembourg: ['BEL', 'BUR'],
  Netherlands: ['HOL'],
  Germany: ['KIE', 'BER', 'MUN', 'RUH', 'PRU', 'SIL'],
  Denmark: ['DEN'],
  Switzerland: 'SWI',
  Liechtenstein: ['TYR'],
  Austria: ['VIE', 'TYR'],
  Czechia: ['BOH'],
  Slovakia: ['VIE', 'BUD', 'GAL'],
  Hungary: ['BUD'],
  Slovenia: ['TRI', 'TYR'],
  Croatia: ['TRI', 'BUD'],
  'Bosnia and Herz.': ['TRI'],
  Montenegro: ['TRI', 'ALB'],
  Serbia: ['SER', 'BUD'],
  Kosovo: ['SER', 'ALB'],
  Macedonia: ['SER', 'GRE', 'BUL'],
  Albania: ['ALB'],
  Greece: ['GRE', 'BUL'],
  Bulgaria: ['BUL'],
  Romania: ['RUM', 'BUD'],
  Moldova: ['RUM', 'UKR', 'SEV'],
  Ukraine: ['UKR', 'GAL', 'SEV', 'BUD', 'RUM'],
  Belarus: ['WAR', 'MOS', 'LVN', 'UKR'],
  Poland: ['PRU', 'SIL', 'WAR', 'GAL', 'BER'],
  Lithuania: ['PRU', 'LVN', 'WAR'],
  Latvia: ['LVN'],
  Estonia: ['LVN'],
  Russia: ['STP', 'MOS', 'SEV', 'UKR', 'LVN', 'PRU', 'ARM'],
  Finland: ['FIN'],
  Sweden: ['SWE'],
  Norway: ['NWY'],
  Italy: ['PIE', 'VEN', 'TUS', 'ROM', 'NAP', 'APU', 'TYR', 'TRI'],
  'San Marino': ['VEN', 'ROM', 'TUS'],
  Vatican: ['ROM'],
  Turkey: ['CON', 'ANK', 'SMY', 'ARM', 'SYR'],
  Syria: ['SYR'],
  Lebanon: ['SYR'],
  Israel: ['SYR'],
  Palestine: ['SYR'],
  Jordan: ['SYR'],
  Iraq: ['SYR', 'ARM'],
  Iran: ['ARM'],
  Georgia: ['ARM', 'SEV'],
  Armenia: ['ARM'],
  Azerbaijan: ['ARM', 'SEV'],
  Kazakhstan: ['SEV', 'MOS'],
  Tunisia: ['TUN'],
  Algeria: ['NAF'],
  Morocco: ['NAF'],
  'W. Sahara': ['NAF'],
  // Drawn as land of no province, as on a Diplomacy board.
  Ireland: 'neutral',
  Iceland: 'neutral',
  Greenland: 'neutral',
  'Faeroe Is.': 'neutral',
  'Isle of Man': 'neutral',
  Jersey: 'neutral',
  Guernsey: 'neutral',
  Åland: 'neutral',
  Malta: 'neutral',
  Cyprus: 'neutral',
  'N. Cyprus': 'neutral',
  Libya: 'neutral',
  Egypt: 'neutral',
  'Saudi Arabia': 'neutral',
  Mauritania: 'neutral',
  Mali: 'neutral',
  Niger: 'neutral',
  Turkmenistan: 'neutral',
  Uzbekistan: 'neutral',
};

// Seed points of every province: the province's land (or water) is the part of its country (or of the sea)
// nearer to one of its seeds than to a seed of another province (a Voronoi partition, merged per province).
// Several seeds shape a province; each is a named real place.
export const seeds = {
  // Britain
  LON: [[-0.13, 51.51], [1.08, 51.28], [-1.4, 50.9], [0.12, 52.2], [1.3, 52.63]], // London, Canterbury, Southampton, Cambridge, Norwich
  WAL: [[-3.18, 51.48], [-4.08, 52.41], [-4.13, 53.23], [-2.59, 51.45], [-3.53, 50.72], [-4.9, 50.4], [-1.9, 52.48], [-2.75, 52.7]], // Cardiff, Aberystwyth, Bangor, Bristol, Exeter, Cornwall, Birmingham, Shrewsbury
  YOR: [[-1.08, 53.96], [-1.55, 53.8], [-1.47, 53.38], [-0.54, 53.23], [-1.15, 52.95], [-1.61, 54.97], [-1.9, 55.4]], // York, Leeds, Sheffield, Lincoln, Nottingham, Newcastle, Northumberland
  LVP: [[-2.98, 53.41], [-2.24, 53.48], [-2.8, 54.05], [-2.93, 54.89], [-3.6, 55.07], [-4.9, 54.9]], // Liverpool, Manchester, Lancaster, Carlisle, Dumfries, Stranraer
  EDI: [[-3.19, 55.95], [-2.97, 56.46], [-2.09, 57.15], [-3.09, 58.44], [-2.8, 55.6], [-3.9, 57.6], [-3.52, 58.59], [-4.0, 58.0]], // Edinburgh, Dundee, Aberdeen, Wick, the Borders, Moray Firth, Thurso, Sutherland
  CLY: [[-4.25, 55.86], [-5.47, 56.41], [-5.1, 56.82], [-5.16, 57.9], [-4.75, 58.57], [-4.63, 55.46]], // Glasgow, Oban, Fort William, Ullapool, Durness, Ayr
  // France
  BRE: [[-4.49, 48.39], [-1.68, 48.11], [-1.55, 47.22], [-2.0, 48.65], [-1.6, 49.6], [-0.2, 48.0]], // Brest, Rennes, Nantes, Saint-Malo, Cherbourg, Le Mans
  PIC: [[2.3, 49.9], [3.06, 50.63], [1.1, 49.44], [1.86, 50.95]], // Amiens, Lille, Rouen, Calais
  PAR: [[2.35, 48.86], [1.9, 47.9], [0.69, 47.39], [3.1, 47.7]], // Paris, Orleans, Tours, Auxerre
  BUR: [[5.04, 47.32], [4.84, 45.76], [6.18, 48.69], [7.75, 48.57], [4.03, 49.26], [6.02, 47.24]], // Dijon, Lyon, Nancy, Strasbourg, Reims, Besancon
  GAS: [[-0.58, 44.84], [1.44, 43.6], [1.26, 45.83], [0.34, 46.58], [3.08, 45.78], [-1.15, 46.16]], // Bordeaux, Toulouse, Limoges, Poitiers, Clermont, La Rochelle
  MAR: [[5.37, 43.3], [7.26, 43.7], [3.88, 43.61], [2.9, 42.7], [5.72, 45.19], [4.8, 43.95]], // Marseille, Nice, Montpellier, Perpignan, Grenoble, Avignon
  // Low countries, Germany
  BEL: [[4.35, 50.85], [3.72, 51.05], [5.57, 50.63]], // Brussels, Ghent, Liege
  HOL: [[4.9, 52.37], [6.57, 53.22], [5.12, 52.09], [5.7, 51.0]], // Amsterdam, Groningen, Utrecht, Maastricht
  KIE: [[10.13, 54.32], [9.99, 53.55], [8.8, 53.08], [9.73, 52.37], [9.48, 51.31], [7.63, 52.96], [9.4, 54.78]], // Kiel, Hamburg, Bremen, Hanover, Kassel, Emsland, Flensburg
  BER: [[13.4, 52.52], [12.1, 54.09], [14.55, 53.43], [11.63, 52.13], [13.4, 54.1]], // Berlin, Rostock, Stettin, Magdeburg, Greifswald
  MUN: [[11.58, 48.14], [11.08, 49.45], [9.18, 48.78], [7.85, 48.0], [9.93, 49.79], [12.37, 51.34], [13.74, 51.05], [11.03, 50.98]], // Munich, Nuremberg, Stuttgart, Freiburg, Wurzburg, Leipzig, Dresden, Erfurt
  RUH: [[7.0, 51.45], [6.96, 50.94], [7.6, 50.36], [8.68, 50.11], [7.0, 49.23], [7.63, 51.96]], // Essen, Cologne, Koblenz, Frankfurt, Saarbrucken, Munster
  SIL: [[17.04, 51.11], [14.99, 51.15], [17.92, 50.67], [16.93, 52.41]], // Breslau, Gorlitz, Oppeln, Posen
  PRU: [[20.5, 54.71], [18.65, 54.35], [16.17, 54.19], [20.48, 53.78], [18.0, 53.12], [21.6, 55.2]], // Konigsberg, Danzig, Koslin, Allenstein, Bromberg, Tilsit
  // Scandinavia
  DEN: [[9.5, 56.2], [10.2, 57.0], [12.57, 55.68], [10.4, 55.4], [11.5, 55.45]], // Jutland, Aalborg, Copenhagen, Odense, Zealand
  NWY: [[10.75, 59.91], [5.32, 60.39], [10.4, 63.43], [18.96, 69.65], [14.4, 67.28], [25.8, 70.5], [8.0, 58.15]], // Oslo, Bergen, Trondheim, Tromso, Bodo, Finnmark, Kristiansand
  SWE: [[18.07, 59.33], [11.97, 57.71], [13.0, 55.6], [17.3, 62.4], [20.26, 63.83], [22.15, 65.58], [14.6, 57.8], [15.2, 60.6]], // Stockholm, Gothenburg, Malmo, Sundsvall, Umea, Lulea, Jonkoping, Falun
  FIN: [[24.94, 60.17], [22.27, 60.45], [25.47, 65.01], [25.75, 62.24], [27.7, 68.0], [29.76, 62.6]], // Helsinki, Turku, Oulu, Jyvaskyla, Lapland, Joensuu
  // Russia
  STP: [[30.3, 59.94], [34.35, 61.79], [33.08, 68.97], [40.54, 64.54], [31.27, 58.52], [39.9, 59.22], [50, 64], [36, 66.5]], // St Petersburg, Petrozavodsk, Murmansk, Arkhangelsk, Novgorod, Vologda, Komi, White Sea shore
  MOS: [[37.62, 55.75], [32.05, 54.78], [39.2, 51.67], [37.6, 54.2], [42, 56.5], [46, 53.5], [30.5, 56.3]], // Moscow, Smolensk, Voronezh, Tula, Vladimir, Penza, Velikiye Luki
  LVN: [[24.1, 56.95], [24.75, 59.44], [26.72, 58.38], [23.9, 54.9], [28.33, 57.82], [26.53, 55.87], [25.28, 54.69]], // Riga, Tallinn, Tartu, Kaunas, Pskov, Daugavpils, Vilnius
  WAR: [[21.01, 52.23], [19.46, 51.76], [22.57, 51.25], [23.16, 53.13], [23.7, 52.1], [27.56, 53.9], [25.3, 52.2]], // Warsaw, Lodz, Lublin, Bialystok, Brest-Litovsk, Minsk, Pinsk
  UKR: [[30.52, 50.45], [36.23, 49.99], [34.55, 49.59], [28.66, 50.25], [28.47, 49.23], [32.26, 48.51]], // Kiev, Kharkov, Poltava, Zhitomir, Vinnitsa, Kirovograd
  SEV: [[33.52, 44.6], [30.73, 46.48], [39.7, 47.23], [38.98, 45.04], [44.5, 48.7], [32.6, 46.6], [35.1, 47.85], [42.0, 45.0], [47, 46.5]], // Sevastopol, Odessa, Rostov, Krasnodar, Tsaritsyn, Kherson, Zaporozhye, Stavropol, Astrakhan
  // Austria-Hungary
  GAL: [[24.03, 49.84], [19.94, 50.06], [25.94, 48.29], [22.0, 50.04], [22.78, 49.78], [18.74, 49.22], [20.3, 49.06]], // Lemberg, Krakow, Czernowitz, Rzeszow, Przemysl, Zilina, Poprad
  BOH: [[14.42, 50.08], [16.6, 49.2], [13.38, 49.75], [18.29, 49.83]], // Prague, Brno, Pilsen, Ostrava
  VIE: [[16.37, 48.21], [15.63, 48.2], [15.44, 47.07], [17.1, 48.15], [18.04, 48.89]], // Vienna, St Polten, Graz, Pressburg, Trencin
  TYR: [[11.39, 47.27], [13.05, 47.8], [11.35, 46.5], [11.12, 46.07], [14.3, 46.62], [9.75, 47.5], [10.5, 46.6], [14.29, 48.31], [13.6, 48.45]], // Innsbruck, Salzburg, Bolzano, Trento, Klagenfurt, Bregenz, Stelvio, Linz, Schaerding
  TRI: [[13.78, 45.65], [14.5, 46.05], [15.98, 45.81], [14.44, 45.33], [16.44, 43.51], [18.41, 43.86], [18.09, 42.65], [19.26, 42.44]], // Trieste, Ljubljana, Zagreb, Fiume, Split, Sarajevo, Ragusa, Podgorica
  BUD: [[19.04, 47.5], [21.63, 47.53], [20.15, 46.25], [19.83, 45.27], [23.6, 46.77], [21.23, 45.75], [18.69, 45.55], [22.3, 48.62], [21.26, 48.72], [19.15, 48.4]], // Budapest, Debrecen, Szeged, Novi Sad, Kolozsvar, Temesvar, Osijek, Ungvar, Kassa, Zvolen
  // Italy
  PIE: [[7.69, 45.07], [8.93, 44.41], [9.19, 45.46], [9.87, 46.17], [8.6, 44.9]], // Turin, Genoa, Milan, Sondrio, Alessandria
  VEN: [[12.33, 45.44], [10.99, 45.44], [11.34, 44.49], [13.52, 43.62], [10.21, 45.54], [13.23, 46.06], [12.2, 44.4]], // Venice, Verona, Bologna, Ancona, Brescia, Udine, Ravenna
  TUS: [[11.25, 43.77], [10.4, 43.72], [11.33, 43.32], [9.82, 44.1], [11.1, 42.7]], // Florence, Pisa, Siena, La Spezia, Grosseto
  ROM: [[12.5, 41.9], [12.39, 43.11], [13.4, 42.35], [13.0, 41.5]], // Rome, Perugia, L'Aquila, Latina
  NAP: [[14.27, 40.85], [14.76, 40.68], [15.8, 40.64], [16.25, 39.3], [15.65, 38.11]], // Naples, Salerno, Potenza, Cosenza, Reggio
  APU: [[16.87, 41.12], [15.55, 41.46], [14.21, 42.46], [18.17, 40.35], [17.24, 40.47]], // Bari, Foggia, Pescara, Lecce, Taranto
  // Iberia, Africa
  SPA: [[-3.7, 40.42]], // Madrid (Spain is one province)
  POR: [[-9.14, 38.72]], // Lisbon
  NAF: [[3.06, 36.75], [-0.64, 35.7], [-6.84, 34.02], [-5.0, 34.03]], // Algiers, Oran, Rabat, Fez
  TUN: [[10.18, 36.8]], // Tunis
  // Balkans
  SER: [[20.46, 44.82], [21.9, 43.32], [21.43, 42.0], [21.17, 42.66]], // Belgrade, Nis, Skopje, Pristina
  ALB: [[19.82, 41.33], [19.51, 42.07], [19.49, 40.47], [20.14, 40.08]], // Tirana, Scutari, Valona, Argyrokastro
  GRE: [[23.73, 37.98], [22.94, 40.64], [22.42, 39.64], [20.85, 39.67], [21.73, 38.25], [21.33, 41.03], [22.4, 37.5]], // Athens, Salonica, Larissa, Janina, Patras, Monastir, Tripolitsa
  BUL: [[23.32, 42.7], [24.75, 42.15], [27.91, 43.2], [27.47, 42.5], [25.95, 43.85], [25.87, 40.85], [25.4, 41.12], [24.4, 40.94]], // Sofia, Plovdiv, Varna, Burgas, Ruse, Dedeagatch, Gumuljina, Kavala
  RUM: [[26.1, 44.43], [27.6, 47.16], [28.63, 44.17], [23.8, 44.32], [25.6, 45.65], [28.05, 45.43], [28.86, 47.01]], // Bucharest, Jassy, Constanta, Craiova, Brasov, Galatz, Kishinev
  // Ottoman Empire
  CON: [[28.98, 41.01], [26.56, 41.68], [27.5, 41.0], [26.6, 40.4], [29.92, 40.77], [29.06, 40.19], [30.4, 40.78]], // Constantinople, Adrianople, Rodosto, Gallipoli, Izmit, Bursa, Adapazari
  ANK: [[32.85, 39.93], [35.15, 42.02], [36.33, 41.29], [33.78, 41.38], [31.6, 40.7], [34.8, 40.5]], // Ankara, Sinop, Samsun, Kastamonu, Bolu, Corum
  SMY: [[27.14, 38.42], [27.88, 39.65], [30.71, 36.9], [32.49, 37.87], [35.32, 37.0], [30.54, 38.76], [34.6, 38.2]], // Smyrna, Balikesir, Antalya, Konya, Adana, Afyon, Nigde
  ARM: [[41.27, 39.9], [39.72, 41.0], [37.02, 39.75], [38.32, 38.35], [43.38, 38.5], [44.51, 40.18], [44.8, 41.7], [41.6, 41.6]], // Erzurum, Trebizond, Sivas, Malatya, Van, Erivan, Tiflis, Batum
  SYR: [[37.16, 36.2], [36.29, 33.51], [35.5, 33.89], [36.16, 36.59], [38.8, 37.16], [43.13, 36.34], [35.21, 31.77]], // Aleppo, Damascus, Beirut, Alexandretta, Urfa, Mosul, Jerusalem
  // Seas
  NAO: [[-12, 57], [-11.5, 55], [-8, 60.5], [-9, 57.5], [-6.8, 55.9], [-5.6, 55.3], [-12.5, 51.8]], // open ocean west of Scotland, Rockall, north of Ireland, the North Channel
  MAO: [[-11, 45], [-11, 40], [-10, 46.5], [-5, 45.5], [-10.2, 38.5], [-9.5, 36.3], [-6.6, 36.2], [-9.5, 33], [-7, 44.2], [-11, 49]], // the open Atlantic, Biscay, Gulf of Cadiz, off Morocco
  IRI: [[-4.8, 54.0], [-5.5, 53.0], [-6, 52], [-7.5, 50.9]], // Irish Sea, St George's Channel, Celtic Sea
  ENG: [[-5.2, 49.6], [-3, 50.1], [-0.5, 50.3], [1.4, 50.85], [2.1, 51.2]], // the English Channel to the Strait of Dover
  NTH: [[3, 52.6], [2, 54], [4, 56.5], [1, 57.5], [-0.5, 55], [2, 58.8], [5.5, 55.5], [2.9, 51.75], [7.0, 56.6], [7.2, 57.5]], // the North Sea
  NWG: [[-2, 62], [0, 64], [5, 66], [10, 68], [15.5, 70.6], [4, 62.5], [-3.5, 59.8], [-1, 61.0], [-5.5, 59.3]], // the Norwegian Sea, north of Scotland
  BAR: [[31, 70.3], [35, 71], [40, 69.8], [38, 65.5], [45, 70], [52, 69]], // the Barents Sea and the White Sea
  SKA: [[8.8, 57.8], [11.5, 57.0], [10.5, 58.3]], // the Skagerrak and the Kattegat
  HEL: [[7.8, 54.0], [8.2, 54.6], [6.6, 53.85]], // the German Bight
  BAL: [[14.5, 55.0], [18, 56], [19.5, 58], [20.5, 55.3], [23.2, 57.6], [17.5, 54.9], [12, 54.5], [10.5, 54.5]], // the Baltic, Gulf of Riga, Bay of Mecklenburg, Kiel Bay
  BOT: [[20, 63], [22.5, 64.5], [19.5, 61], [24.5, 65], [21.3, 59.9], [25.5, 59.9], [28, 60.0], [23, 59.5]], // Gulf of Bothnia, Aland Sea, Gulf of Finland
  BLA: [[31, 43.5], [35, 43], [38.5, 42.5], [41, 41.8], [29.5, 42.5], [30.5, 45], [36, 46], [37.2, 44.6]], // the Black Sea and the Sea of Azov
  AEG: [[25, 39.5], [25, 37], [24.5, 40.5], [26.2, 40.2], [28, 40.7], [26.5, 36.2], [24.5, 35.8]], // the Aegean, the Dardanelles, the Sea of Marmara
  EAS: [[28.5, 34.5], [32.5, 34.5], [34.5, 33], [30, 32.5], [26, 34]], // the Levant Sea
  ION: [[19, 38], [18, 35.5], [21, 37], [15, 34.5], [21.5, 34.5], [17.3, 39.7], [19.0, 40.1], [12.5, 34.5], [16.5, 37.5]], // the Ionian Sea, Gulf of Taranto, Strait of Otranto, Gulf of Gabes
  ADR: [[14, 44], [16.5, 42.5], [12.8, 44.8], [18.5, 41.5]], // the Adriatic
  TYS: [[12, 40], [11, 42], [14, 39], [12.5, 38.5], [11.5, 37.5], [10.7, 42.6]], // the Tyrrhenian Sea
  LYO: [[4.5, 42.5], [6.5, 43], [8.7, 43.8], [3.5, 41.5], [9.5, 43.3]], // Gulf of Lyon, Ligurian Sea
  WES: [[2, 38], [5, 38], [7.5, 38], [0, 36.5], [-3, 36], [-4.6, 36.1], [9, 38.5]], // Western Mediterranean, Alboran Sea
};

// Straits narrower than a board unit (about 5 km) are closed by a strip of land given to one province, so
// that the seas on either side do not touch and the lands on either side do (the board's generalisation).
// Each is a lon/lat rectangle [west, south, east, north] across the narrowest point.
export const bridges = [
  { province: 'DEN', box: [9.55, 55.4, 9.95, 55.62], why: 'Little Belt at Middelfart (under 1 km): Jutland and Funen are one Denmark' },
  { province: 'DEN', box: [10.7, 55.25, 11.25, 55.4], why: 'Great Belt at Nyborg-Korsor: Funen and Zealand are one Denmark' },
  { province: 'DEN', box: [12.56, 55.98, 12.76, 56.08], why: 'Oresund at Helsingor-Helsingborg (4 km): Denmark touches Sweden; the Skagerrak does not touch the Baltic' },
  { province: 'CON', box: [28.95, 41.06, 29.2, 41.14], why: 'the Bosporus (under 1 km): Constantinople holds both shores; the Black Sea does not touch the Aegean' },
];

// Where a supply centre's marker is drawn: the city itself (moved inland when it sits on the coast).
export const cities = {
  ANK: [32.85, 39.93], BEL: [4.35, 50.85], BER: [13.4, 52.52], BRE: [-4.49, 48.39], BUD: [19.04, 47.5],
  BUL: [23.32, 42.7], CON: [28.98, 41.01], DEN: [12.57, 55.68], EDI: [-3.19, 55.95], GRE: [23.73, 37.98],
  HOL: [4.9, 52.37], KIE: [10.13, 54.32], LON: [-0.13, 51.51], LVP: [-2.98, 53.41], MAR: [5.37, 43.3],
  MOS: [37.62, 55.75], MUN: [11.58, 48.14], NAP: [14.27, 40.85], NWY: [10.75, 59.91], PAR: [2.35, 48.86],
  POR: [-9.14, 38.72], ROM: [12.5, 41.9], RUM: [26.1, 44.43], SER: [20.46, 44.82], SEV: [33.52, 44.6],
  SMY: [27.14, 38.42], SPA: [-3.7, 40.42], STP: [30.3, 59.94], SWE: [18.07, 59.33], TRI: [13.78, 45.65],
  TUN: [10.18, 36.8], VEN: [12.33, 45.44], VIE: [16.37, 48.21], WAR: [21.01, 52.23],
};

// Where a fleet on a named coast is drawn: a place on that coast (moved just inside the province).
export const coasts = {
  'SPA/NC': [-5.8, 43.45], // Asturias, on the Bay of Biscay
  'SPA/SC': [-0.9, 37.65], // Cartagena, on the Mediterranean
  'STP/NC': [34.5, 68.9], // the Murman coast of the Kola peninsula, on the Barents Sea
  'STP/SC': [29.2, 60.05], // the head of the Gulf of Finland
  'BUL/EC': [27.85, 43.05], // Varna, on the Black Sea
  'BUL/SC': [25.2, 40.98], // the Thracian shore of the Aegean
};

// Where a unit of a province is preferably drawn, when the default (the middle of the province's seeds, moved
// to where the province has room and away from its supply centre) would sit on a coast or a frame edge. The
// label goes near the unit, with room, unless placed here.
export const anchors = {
  MAO: [-9, 46], // the open ocean west of Biscay, not the Portuguese shore or the frame
  NAF: [-1.5, 34.0], // inland between Oran and Fez
  BAR: [41, 69.3], // off the Kola peninsula, away from the frame's top edge
  LYO: [5, 41.8], // the open gulf, not the Provencal shore
  ENG: [-3, 49.9], // mid-Channel
  POR: [-7.9, 40.3], // inland, away from Lisbon's supply centre on the shore
  NWY: [9, 61.5], // southern Norway, where the province is widest
};
export const labels = {};
